import { PAGE_META } from '@scholar/shared';
/**
 * The policy pages (docs/product.md, "Policy pages"). This is policy text only: nothing in the product computes
 * from it. Edit here, not in the components; the Urdu and Bengali versions (legal.ur.ts, legal.bn.ts) translate
 * this text, which governs where they differ.
 */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Where a paragraph gives the contact details: the page writes them from the site's settings. */
export const CONTACT_DETAILS = '{contact}';
const contact = CONTACT_DETAILS;

export const privacyPolicy: LegalDocument = {
  ...PAGE_META.privacyPolicy,
  updated: '1 Nov 2026',
  intro:
    'Darul Ilm respects your privacy. This policy explains what personal information we collect when you use this website, why we collect it and the choices you have.',
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: ['We collect only what we need to serve you:'],
      list: [
        'Account details: your name, email address, phone number and password (stored only in a scrambled form).',
        'Order details: delivery addresses, the books you order and the status of your orders.',
        'Questions you send us: the text of your question, the categories you choose and, if you give it, your email address so that we can reply.',
        'Technical information: the pages you visit and basic information about your browser, used to keep the website secure and working.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: [
        'We use your information to process and deliver your orders, to answer your questions, to keep your account secure and to improve our website. We do not sell your personal information, and we never publish the email address of a person who asks a question.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Card payments are handled by our payment provider. We never see or store your full card number. Prices are shown in Indian rupees (₹); if your card is issued outside India, your bank may charge you in US dollars (USD) or your own currency at its own exchange rate.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'We keep your sign-in session and the contents of your guest cart in your browser’s local storage. We do not use advertising cookies. You can clear this storage at any time in your browser settings.',
      ],
    },
    {
      heading: 'Sharing your information',
      paragraphs: [
        'We share your details only with the services that help us run the shop, such as our payment provider and delivery partners, and only as much as they need to do their work, or when the law requires it.',
      ],
    },
    {
      heading: 'Keeping your information safe',
      paragraphs: [
        'We use encrypted connections, hashed passwords and limited staff access to protect your information. We keep it only as long as we need it for the purposes above or as the law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see and update your profile and addresses in your dashboard at any time. You may also ask us for a copy of your information or ask us to delete your account.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [`For any question about your privacy: ${contact}`],
    },
  ],
};

export const termsAndConditions: LegalDocument = {
  ...PAGE_META.terms,
  updated: '1 Nov 2026',
  intro:
    'By using the Darul Ilm website you agree to these terms. Please read them carefully; if you do not agree, please do not use the website.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You are responsible for keeping your password secret and for everything done with your account. The details you give us must be true and kept up to date.',
      ],
    },
    {
      heading: 'Orders and prices',
      paragraphs: [
        'All prices are shown in Indian rupees (₹) and include applicable taxes. Shipping is added at checkout and shown before you pay. Payments made with cards issued outside India may be converted by your bank into US dollars (USD) or another currency; any conversion fees are set by your bank.',
        'An order is confirmed once your payment succeeds. We may cancel an order and refund it in full if a book is out of stock or a price was shown in error.',
      ],
    },
    {
      heading: 'Delivery',
      paragraphs: [
        'We deliver to addresses in India. Delivery times are estimates; we share tracking details once your order is shipped.',
      ],
    },
    {
      heading: 'Returns and refunds',
      paragraphs: [
        'You may return a book within 30 days of delivery as described in our Return Policy. Approved refunds are made to the original payment method within 5-7 business days.',
      ],
    },
    {
      heading: 'Questions and answers',
      paragraphs: [
        'Answers to questions (fatwahs) are given for general guidance, based on the question as it was asked. For matters with particular circumstances, please consult a qualified scholar in person. We may edit questions for clarity and privacy before publishing them, and we may decline to answer any question.',
      ],
    },
    {
      heading: 'Content',
      paragraphs: [
        'The articles, answers, images and other content of this website belong to Darul Ilm or its authors. You may share links and short quotations with credit; please ask us before reproducing more.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'misuse the website, try to break its security or disturb its service;',
        'submit content that is unlawful, abusive or not your own;',
        'use the website to send advertising or spam.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms from time to time. The date at the top of this page shows the latest version, which applies from that date.',
      ],
    },
    {
      heading: 'Governing law and contact',
      paragraphs: [
        `These terms are governed by the laws of India, and the courts of Kolkata have jurisdiction. ${contact}`,
      ],
    },
  ],
};

export const returnPolicy: LegalDocument = {
  ...PAGE_META.returnPolicy,
  updated: '1 Nov 2026',
  intro:
    'We want you to be happy with every book you order. If something is not right, you can return it within 30 days of delivery.',
  sections: [
    {
      heading: '30-day return window',
      paragraphs: [
        'You may return any book within 30 days of the day it was delivered to you. After 30 days we are unable to accept returns, except for the damaged or wrong items described below.',
      ],
    },
    {
      heading: 'Conditions',
      paragraphs: ['To be accepted, a returned book must be:'],
      list: [
        'unused, unmarked and in the condition you received it;',
        'returned with its order number or a copy of the order confirmation;',
        'packed securely so that it is not damaged in transit.',
      ],
    },
    {
      heading: 'Damaged, defective or wrong items',
      paragraphs: [
        'If a book arrives damaged, has printing defects or is not the book you ordered, tell us within 7 days of delivery with a photo. We will replace it or refund it in full, including shipping, at no cost to you.',
      ],
    },
    {
      heading: 'How to return a book',
      paragraphs: [
        `Contact us with your order number and the reason for the return, and we will send you the return address and instructions. ${contact}`,
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Once we receive and check the returned book, we will tell you whether your refund is approved. Approved refunds are made to your original payment method within 5-7 business days. Amounts are refunded in Indian rupees (₹); if you paid with a card issued outside India, your bank may show the refund in US dollars (USD) or your own currency at its exchange rate.',
        'Original shipping charges are not refunded unless the item was damaged, defective or wrong.',
      ],
    },
    {
      heading: 'Cancellations',
      paragraphs: [
        'You may cancel an order that has not yet been shipped by contacting us; the full amount will be refunded within 5-7 business days.',
      ],
    },
  ],
};
