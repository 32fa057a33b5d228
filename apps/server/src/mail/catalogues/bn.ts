import type { MailCatalogue } from './en';

/** The mails' messages in Bengali (numbers in the values are in Bengali digits, written by i18n.ts). */
export const bn: MailCatalogue = {
  'greeting.named': 'আসসালামু আলাইকুম {name},',
  'greeting.plain': 'আসসালামু আলাইকুম,',
  'label.value': '{label}: {value}',

  'order.confirmation.subject': 'আপনার অর্ডার {orderNumber}',
  'order.confirmation.thanks':
    '{date} তারিখের অর্ডার {orderNumber}-এর জন্য আপনাকে ধন্যবাদ। আমরা আপনার পেমেন্ট পেয়েছি।',
  'order.confirmation.thanksCod':
    '{date} তারিখের অর্ডার {orderNumber}-এর জন্য আপনাকে ধন্যবাদ। ডেলিভারির সময় নগদে পরিশোধ করবেন।',
  'order.confirmation.item': '{quantity} × {name} ({author}) — {price}',
  'order.confirmation.itemInEdition': '{quantity} × {name}, {edition} ({author}) — {price}',
  'order.confirmation.edition': '{language} সংস্করণ',
  'book.language.english': 'ইংরেজি',
  'book.language.urdu': 'উর্দু',
  'book.language.bengali': 'বাংলা',
  'book.language.arabic': 'আরবি',
  'book.language.hindi': 'হিন্দি',
  'order.confirmation.subtotal': 'উপমোট',
  'order.confirmation.delivery': 'ডেলিভারি চার্জ',
  'order.confirmation.total': 'মোট',
  'order.confirmation.address': 'ডেলিভারির ঠিকানা:',
  'order.confirmation.landmark': 'ল্যান্ডমার্ক: {landmark}',
  'order.confirmation.discount': 'কুপন {code}',
  'order.confirmation.codFee': 'ক্যাশ অন ডেলিভারি ফি',
  'order.confirmation.payCod': 'ডেলিভারির সময় {amount} নগদে পরিশোধ করুন।',
  'order.confirmation.expected': '{date}-এর মধ্যে ডেলিভারি আশা করা যায়।',
  'order.confirmation.next': 'আপনার বইগুলো পাঠানো হলে আমরা আবার লিখব।',
  'order.yourOrders': 'আপনার অর্ডারগুলো: {link}',

  'order.delivered.subject': 'আপনার অর্ডার {orderNumber} পৌঁছে দেওয়া হয়েছে',
  'order.delivered.body': 'আপনার অর্ডার {orderNumber} পৌঁছে দেওয়া হয়েছে। আমরা আশা করি বইগুলো আপনার উপকারে আসবে।',
  'order.shipped.subject': 'আপনার অর্ডার {orderNumber} পথে রয়েছে',
  'order.shipped.body': 'আপনার অর্ডার {orderNumber} পাঠানো হয়েছে।',
  'order.shipped.provider': 'কুরিয়ার সংস্থা: {provider}',
  'order.shipped.trackingNumber': 'ট্র্যাকিং নম্বর: {trackingNumber}',
  'order.shipped.trackingUrl': 'এখানে ট্র্যাক করুন: {url}',
  'order.shipped.trackLink': 'আপনার পার্সেল ট্র্যাক করুন',
  'order.shipped.estimated': 'আনুমানিক ডেলিভারি: {date}',

  'refund.days': '৫ থেকে ৭ কার্যদিবসের',
  'refund.started.subject': 'আপনার অর্ডার {orderNumber}-এর {amount} ফেরত',
  'refund.started.body':
    'আপনি যে কার্ড বা অ্যাকাউন্ট থেকে পেমেন্ট করেছিলেন, তাতে আমরা আপনার অর্ডার {orderNumber}-এর {amount} ফেরত পাঠিয়েছি। আপনার ব্যাংকের উপর নির্ভর করে এটি {days} মধ্যে আপনার কাছে পৌঁছাবে।',
  'refund.cancelled.subject': 'আপনার অর্ডার {orderNumber} বাতিল করা হয়েছে',
  'refund.cancelled.body': 'আপনার অর্ডার {orderNumber} বাতিল করা হয়েছে।',
  'refund.cancelled.reason': 'কারণ: {reason}',
  'refund.cancelled.refunded':
    'আপনি যে কার্ড বা অ্যাকাউন্ট থেকে পেমেন্ট করেছিলেন, তাতে আমরা {amount} ফেরত পাঠিয়েছি। আপনার ব্যাংকের উপর নির্ভর করে এটি {days} মধ্যে আপনার কাছে পৌঁছাবে।',
  'refund.cancelled.later': 'টাকা ফেরত দেওয়া হলে আমরা আবার লিখব।',
  'refund.yourOrder': 'আপনার অর্ডার: {link}',
  'refund.seeOrder': 'আপনার অর্ডার দেখুন',
  'return.received.subject': 'অর্ডার {orderNumber} নিয়ে আপনার অনুরোধ আমরা পেয়েছি',
  'return.received.return': 'আপনার অর্ডার {orderNumber}-এর বই ফেরত দেওয়ার অনুরোধ আমরা পেয়েছি:',
  'return.received.cancel': 'আপনার অর্ডার {orderNumber} বাতিল করার অনুরোধ আমরা পেয়েছি।',
  'return.item': '{quantity} × {name}',
  'return.reason': 'আপনার কারণ: {reason}',
  'return.received.next': 'আমরা বিষয়টি দেখে আপনাকে আবার ইমেইল করব।',
  'return.approved.subject': 'অর্ডার {orderNumber}-এর ফেরত অনুমোদিত হয়েছে',
  'return.approved.sendBack':
    'অর্ডার {orderNumber}-এর ফেরত আমরা অনুমোদন করেছি। অনুগ্রহ করে বইগুলো ভালোভাবে প্যাক করে, পার্সেলে আপনার অর্ডার নম্বর লিখে আমাদের কাছে ফেরত পাঠান।',
  'return.approved.refundLater': 'বইগুলো আমাদের কাছে পৌঁছালেই আমরা টাকা ফেরত দেব এবং আপনাকে জানাব।',
  'return.refunded.subject': 'অর্ডার {orderNumber}-এর ফেরতের টাকা ফেরত দেওয়া হয়েছে',
  'return.refunded.body':
    'অর্ডার {orderNumber}-এর ফেরত পাঠানো বইগুলো আমাদের কাছে পৌঁছেছে, এবং আপনি যে কার্ড বা অ্যাকাউন্ট দিয়ে পেমেন্ট করেছিলেন তাতে আমরা {amount} ফেরত দিয়েছি। আপনার ব্যাংকের উপর নির্ভর করে এটি {days} মধ্যে পৌঁছাবে।',
  'return.refunded.byHand':
    'অর্ডার {orderNumber}-এর ফেরত পাঠানো বইগুলো আমাদের কাছে পৌঁছেছে। আপনি নগদে পেমেন্ট করেছিলেন, তাই আমরা {days} মধ্যে সরাসরি আপনাকে {amount} ফেরত দেব; এ বিষয়ে আমরা আপনার সঙ্গে যোগাযোগ করব।',
  'return.declined.subject': 'অর্ডার {orderNumber} নিয়ে আপনার অনুরোধ',
  'return.declined.body': 'দুঃখিত: অর্ডার {orderNumber} নিয়ে আপনার অনুরোধ আমরা গ্রহণ করতে পারছি না।',
  'return.declined.reason': 'আমাদের কারণ: {reason}',

  'fatwah.answered.subject': 'আপনার প্রশ্ন {reference}-এর উত্তর দেওয়া হয়েছে',
  'fatwah.answered.body': 'আমাদের আলেমগণ আপনার প্রশ্ন {reference}-এর উত্তর দিয়েছেন:',
  'fatwah.answered.quote': '“{question}”',
  'fatwah.answered.readHere': 'উত্তরটি এখানে পড়ুন: {link}',
  'fatwah.answered.read': 'উত্তরটি পড়ুন',
  'fatwah.answered.why': 'প্রশ্নের সঙ্গে আপনি আপনার ইমেল দিয়েছিলেন বলে এই মেলটি আপনি একবারই পাচ্ছেন।',

  'password.reset.subject': 'আপনার পাসওয়ার্ড রিসেট করুন',
  'password.reset.intro':
    'কেউ (আশা করি আপনিই) আপনার অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন। নতুন পাসওয়ার্ড বেছে নিতে এই লিংকটি খুলুন:',
  'password.reset.link': 'আপনার পাসওয়ার্ড রিসেট করুন',
  'password.reset.terms':
    'লিংকটি একবারই কাজ করে এবং এক ঘণ্টা পরে এর মেয়াদ শেষ হয়ে যায়। আপনি এটি না চেয়ে থাকলে এই মেলটি উপেক্ষা করতে পারেন।',
  'password.changed.subject': 'আপনার পাসওয়ার্ড পরিবর্তন করা হয়েছে',
  'password.changed.intro':
    'আপনার দারুল ইলম অ্যাকাউন্টের পাসওয়ার্ড পরিবর্তন করা হয়েছে, এবং যে সব ডিভাইসে অ্যাকাউন্টটিতে সাইন ইন করা ছিল সেগুলো থেকে সাইন আউট করা হয়েছে।',
  'password.changed.warning':
    'এই পরিবর্তন আপনি না করে থাকলে এখনই লগইন পেজে "পাসওয়ার্ড ভুলে গেছেন?" দিয়ে আপনার পাসওয়ার্ড রিসেট করুন, এবং আমাদের সঙ্গে যোগাযোগ করুন (আমাদের ইমেল ও ফোন নম্বর সাইটের প্রতিটি পেজের নিচে দেওয়া আছে)।',

  'email.changed.subject': 'আপনার ইমেল ঠিকানা পরিবর্তন করা হয়েছে',
  'email.changed.intro':
    'আপনার দারুল ইলম অ্যাকাউন্টের ইমেল ঠিকানা {oldEmail} থেকে পরিবর্তন করে {newEmail} করা হয়েছে।',
  'email.changed.warning':
    'এই পরিবর্তন আপনি না করে থাকলে অন্য কেউ আপনার পাসওয়ার্ড জানতে পারে: এখনই আমাদের সঙ্গে যোগাযোগ করুন (আমাদের ইমেল ও ফোন নম্বর সাইটের প্রতিটি পেজের নিচে দেওয়া আছে), যাতে আমরা অ্যাকাউন্টটি আপনাকে ফিরিয়ে দিতে পারি।',

  // Subscriptions by email to new answers and articles (docs/decisions/048).
  'subscription.confirm.subject': 'দারুল ইলমের সাবস্ক্রিপশন নিশ্চিত করুন',
  'subscription.confirm.body': 'আপনি এই ঠিকানায় দারুল ইলম থেকে {topics} পেতে চেয়েছেন, {frequency}।',
  'subscription.confirm.here': 'এখানে আপনার সাবস্ক্রিপশন নিশ্চিত করুন: {link}',
  'subscription.confirm.action': 'আমার সাবস্ক্রিপশন নিশ্চিত করুন',
  'subscription.confirm.ignore': 'আপনি এটি না চেয়ে থাকলে এই মেলটি উপেক্ষা করুন: আপনাকে আর কিছু পাঠানো হবে না।',
  'subscription.topics.both': 'নতুন উত্তর (ফতোয়া) ও নতুন প্রবন্ধ',
  'subscription.topics.fatwahs': 'নতুন উত্তর (ফতোয়া)',
  'subscription.topics.articles': 'নতুন প্রবন্ধ',
  'subscription.frequency.immediate': 'প্রতিটি প্রকাশিত হলেই একটি করে মেলে',
  'subscription.frequency.weekly': 'সাপ্তাহিক সংকলনে',
  'subscription.fatwah.subject': 'নতুন উত্তর: {title}',
  'subscription.article.subject': 'নতুন প্রবন্ধ: {title}',
  'subscription.fatwah.intro': 'আমাদের আলেমগণ একটি নতুন উত্তর প্রকাশ করেছেন:',
  'subscription.article.intro': 'একটি নতুন প্রবন্ধ প্রকাশিত হয়েছে:',
  'subscription.item.readHere': 'এখানে পড়ুন: {link}',
  'subscription.item.read': 'পড়ুন',
  'subscription.digest.subject': 'এই সপ্তাহে দারুল ইলমে: {count}টি নতুন লেখা',
  'subscription.digest.intro': '{date} থেকে শুরু হওয়া সপ্তাহে প্রকাশিত:',
  'subscription.digest.fatwahs': 'নতুন উত্তর',
  'subscription.digest.articles': 'নতুন প্রবন্ধ',
  'subscription.footer.why': 'আপনি ইমেলে দারুল ইলম সাবস্ক্রাইব করেছেন বলে এই মেলটি পাচ্ছেন।',
  'subscription.footer.unsubscribeHere': 'আনসাবস্ক্রাইব করুন: {link}',
  'subscription.footer.unsubscribe': 'আনসাবস্ক্রাইব করুন',
  'backInStock.subject': '{title} আবার স্টকে এসেছে',
  'backInStock.edition': '{name} ({language} সংস্করণ)',
  'backInStock.body': 'সুখবর: আপনি যে বইটির কথা জানতে চেয়েছিলেন, {title}, তা আবার স্টকে এসেছে।',
  'backInStock.orderHere': 'এখানে অর্ডার করুন: {link}',
  'backInStock.order': 'এখনই অর্ডার করুন',
  'backInStock.once':
    'এই ইমেইলটি একবারই পাঠানো হলো, কারণ বইটি ফিরে এলে জানাতে আপনি অনুরোধ করেছিলেন। কপি আবার শেষ হয়ে যেতে পারে।',
  'order.track': 'আপনার অর্ডার ও তার অবস্থা এখানে দেখুন: {link}',
  'order.trackLink': 'আপনার অর্ডার দেখুন',
  'emailProof.subject': 'আপনার ইমেল নিশ্চিত করুন',
  'emailProof.intro':
    'অনুগ্রহ করে নিশ্চিত করুন যে এটি আপনার ইমেল ঠিকানা। এরপর এই ইমেল দিয়ে অতিথি হিসেবে দেওয়া আপনার অর্ডারগুলো আপনার অ্যাকাউন্টে দেখা যাবে।',
  'emailProof.confirmHere': 'আপনার ইমেল নিশ্চিত করুন: {link}',
  'emailProof.confirm': 'আমার ইমেল নিশ্চিত করুন',
  'emailProof.terms':
    'লিংকটি একবারই, ৪৮ ঘণ্টার মধ্যে কাজ করবে। আপনি যদি আমাদের কাছে অ্যাকাউন্ট না খুলে থাকেন, তবে এই মেইলটি উপেক্ষা করুন।',
  'invite.subject.admin': 'আপনাকে দারুল ইলমের অ্যাডমিন হওয়ার আমন্ত্রণ জানানো হয়েছে',
  'invite.subject.staff': 'আপনাকে দারুল ইলমের কর্মীদলে যোগ দেওয়ার আমন্ত্রণ জানানো হয়েছে',
  'invite.work.admin': 'অ্যাডমিন হিসেবে',
  'invite.work.scholar': 'আলেম হিসেবে (ফতোয়া ও প্রবন্ধ)',
  'invite.work.shop': 'দোকানের জন্য (বই ও অর্ডার)',
  'invite.intro': '{inviter} আপনাকে {work} দারুল ইলমের ওয়েবসাইট পরিচালনায় সাহায্য করার আমন্ত্রণ জানিয়েছেন।',
  'invite.how': 'আপনার নাম ও পাসওয়ার্ড বেছে নিতে এই লিংকটি খুলুন:',
  'invite.accept': 'আমন্ত্রণ গ্রহণ করুন',
  'invite.terms':
    'লিংকটি একবারই কাজ করে এবং {days} দিনে মেয়াদ শেষ হবে। আপনি এটি আশা না করলে এই ইমেইলটি উপেক্ষা করতে পারেন।',
};
