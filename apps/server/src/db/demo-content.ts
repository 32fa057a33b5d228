import type { BookLanguage, ContentLanguage, FatwahCategory, FatwahStatus } from '@scholar/shared';

/**
 * Demo content seeded into an empty database: books for the shop, articles and fatwahs. Everything here is
 * written to read like real content so the site looks lived-in on first run.
 */

export interface DemoBook {
  name: string;
  author: string;
  /** 2-4 sentences. */
  description: string;
  /** Rupees, at most two decimals. */
  price: number;
  /** Two hex colours for the generated cover, background and accent, e.g. ['#0f4c3a', '#d4af37'] */
  cover: [string, string];
  /** The languages it is printed in, with copies in stock and any price of their own; English only unless given. */
  editions?: { language: BookLanguage; stock: number | null; price?: number }[];
}

export interface DemoArticle {
  title: string;
  author: string;
  category: string;
  /** 2-4 lowercase tags. */
  tags: string[];
  /** Plain text paragraphs, no HTML. */
  paragraphs: string[];
  published: boolean;
  /** How long ago the article was created. */
  daysAgo: number;
  /** 0 for drafts. */
  views: number;
  /** Two hex colours for a generated featured image. */
  cover: [string, string];
  /** English unless set. */
  language?: ContentLanguage;
  /** A name for `translationOf` to point to. */
  key?: string;
  /** The `key` of the article (earlier in the list) this one translates. */
  translationOf?: string;
}

export interface DemoFatwah {
  question: string;
  /** Paragraphs separated by a blank line. */
  answer?: string;
  categories: FatwahCategory[];
  status: FatwahStatus;
  askerName?: string;
  askerEmail?: string;
  /** How long ago the question was received. */
  daysAgo: number;
  /** English unless set. */
  language?: ContentLanguage;
  /** A name for `translationOf` to point to. */
  key?: string;
  /** The `key` of the fatwah (earlier in the list) this one translates. */
  translationOf?: string;
}

/** Joins answer paragraphs with the blank line the site splits on. */
const paras = (...parts: string[]): string => parts.join('\n\n');

export const DEMO_BOOKS: DemoBook[] = [
  {
    name: 'Riyad as-Salihin (The Gardens of the Righteous)',
    author: 'Imam Yahya ibn Sharaf an-Nawawi',
    description:
      "Imam an-Nawawi's much-loved collection of nearly two thousand hadith, arranged in chapters on sincerity, repentance, patience, good character, worship and manners. This English edition gives the Arabic text alongside the translation with brief explanatory notes. A book to keep at home and read from with the family.",
    price: 650,
    cover: ['#0f4c3a', '#d4af37'],
  },
  {
    name: 'The Sealed Nectar (Ar-Raheeq al-Makhtum)',
    author: 'Safiur Rahman Mubarakpuri',
    description:
      'A complete biography of the Prophet Muhammad (peace be upon him), from the Arabia of his birth to his passing in Madinah. It was awarded first prize in a seerah competition organised by the Muslim World League. Clear and well referenced, it is a dependable first seerah for students and families.',
    price: 475,
    cover: ['#7a1f2b', '#f2d49b'],
  },
  {
    name: 'Fortress of the Muslim (Hisn al-Muslim)',
    author: "Sa'id ibn Wahf al-Qahtani",
    description:
      'A pocket-sized collection of supplications from the Quran and Sunnah for daily life: waking and sleeping, leaving and entering the home, travelling, times of distress, and the morning and evening remembrances. Each dua is given in Arabic with transliteration and English translation. Small enough to carry in a bag or pocket.',
    price: 120,
    cover: ['#1d3557', '#a8dadc'],
    editions: [
      { language: 'english', stock: 40 },
      { language: 'bengali', stock: 25 },
      { language: 'urdu', stock: 15 },
    ],
  },
  {
    name: 'Stories of the Prophets',
    author: 'Imam Ibn Kathir',
    description:
      'The classical account of the prophets mentioned in the Quran, from Adam to Isa (peace be upon them), drawn by Imam Ibn Kathir from the Quran, hadith and early reports. The English translation is accessible to older children and adults alike. Readers come away with lasting lessons in faith, patience and trust in Allah.',
    price: 540,
    cover: ['#5b3a29', '#e9c46a'],
    editions: [
      { language: 'english', stock: 12 },
      { language: 'bengali', stock: 8, price: 495 },
    ],
  },
  {
    name: 'Forty Hadith',
    author: 'Imam Yahya ibn Sharaf an-Nawawi',
    description:
      "Imam an-Nawawi's collection of forty-two foundational hadith, which many scholars regard as gathering the core teachings of the religion, including the hadith of intentions and the hadith of Jibril. Presented with Arabic text, English translation and a short commentary on each hadith. An ideal text for study circles and for memorisation.",
    price: 180,
    cover: ['#264653', '#f4a261'],
    editions: [
      { language: 'english', stock: 30 },
      { language: 'urdu', stock: 10 },
      { language: 'bengali', stock: 0 },
    ],
  },
  {
    name: 'A Practical Guide to Salah',
    author: 'Darul Ilm Publications',
    description:
      'A step-by-step illustrated guide to wudu and the five daily prayers according to the Hanafi school, written for beginners, young people and new Muslims. It covers the conditions of prayer, common mistakes, praying while travelling and making up missed prayers. Arabic recitations are given with transliteration and meaning.',
    price: 220,
    cover: ['#2a6f4e', '#f1faee'],
    editions: [
      { language: 'english', stock: null },
      { language: 'bengali', stock: null },
    ],
  },
  {
    name: 'Understanding Zakat: A Step-by-Step Guide',
    author: 'Darul Ilm Publications',
    description:
      'A concise handbook explaining who must pay zakat, the nisab for gold and silver, and how to calculate zakat on savings, jewellery, business stock and investments. Worked examples use rupee amounts and situations common in Indian households. It also explains sadaqat al-fitr and the eligible recipients of zakat.',
    price: 160.5,
    cover: ['#3d405b', '#e0c068'],
  },
  {
    name: "Tafsir of Juz 'Amma",
    author: 'Darul Ilm Publications',
    description:
      'A clear explanation of the thirtieth part of the Quran, the short surahs most often recited in prayer, from Surah an-Naba to Surah an-Nas. Each surah is introduced with its background and main themes, followed by verse-by-verse commentary drawn from the classical works of tafsir. Suitable for personal study and weekly circles.',
    price: 350,
    cover: ['#102a43', '#c9a227'],
  },
];

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    key: 'ramadan-heart',
    title: 'Preparing the Heart for Ramadan',
    author: 'Admin',
    category: 'Ramadan',
    tags: ['ramadan', 'fasting', 'preparation'],
    paragraphs: [
      'Ramadan does not begin on the first night of the month; for many of the righteous it began weeks earlier, in the heart. Allah tells us that fasting has been prescribed for us as it was prescribed for those before us, so that we may attain taqwa (Surah al-Baqarah 2:183). Preparing for Ramadan is therefore less about shopping lists and more about turning the heart gently back towards Allah.',
      'A simple place to start is with the fasts we owe. Anyone who has missed days from the previous Ramadan should try to make them up before the new month arrives. Those who are able can also begin voluntary fasts on Mondays and Thursdays, so that the body is not shocked when the long days of Ramadan begin.',
      'The Quran was revealed in Ramadan, and the month is above all a month of the Quran. Set a realistic daily portion now, even a single page, and keep to it. It is better to read a little with understanding than to rush through many pages without reflection. Families can choose a short surah to learn together before the month begins.',
      'Finally, prepare the heart by mending what is broken. Settle debts where possible, ask forgiveness from those we have wronged, and make peace with relatives we have drifted away from. The Prophet (peace be upon him) said that whoever fasts Ramadan out of faith and hoping for reward will have his past sins forgiven (Sahih al-Bukhari, Sahih Muslim). May Allah allow us to reach it.',
    ],
    published: true,
    daysAgo: 38,
    views: 1840,
    cover: ['#1b4332', '#ffd166'],
  },
  {
    title: 'The Etiquette of Seeking Knowledge',
    author: 'Darul Ilm Team',
    category: 'Education',
    tags: ['knowledge', 'adab', 'students'],
    paragraphs: [
      'The first word revealed to the Prophet (peace be upon him) was Iqra, read. Seeking knowledge is an act of worship, and the Prophet said that whoever follows a path in search of knowledge, Allah makes easy for him a path to Paradise (Sahih Muslim). Because it is worship, it has its own etiquette, which the scholars of the past valued as highly as the knowledge itself.',
      'The foundation of that etiquette is a sincere intention. A student should seek knowledge to please Allah, to remove ignorance from himself and others, and to act upon what he learns, not to win arguments or gain praise. Renewing the intention before each lesson is a small habit with a large effect on the heart.',
      'Respect for teachers is the second pillar. The early Muslims would sit quietly in gatherings of knowledge, listen more than they spoke, and ask questions politely and at the right moment. Respect also means being on time, preparing before class and making dua for the one who teaches you, even after you have moved on to other teachers.',
      'Lastly, knowledge grows through patience and humility. Learn step by step from reliable teachers and texts, review what you have learned, and do not be ashamed to say: I do not know. The Quran teaches a short dua that every student should repeat often: My Lord, increase me in knowledge (Surah Ta-Ha 20:114).',
    ],
    published: true,
    daysAgo: 112,
    views: 960,
    cover: ['#283618', '#dda15e'],
  },
  {
    title: 'Calculating Zakat on Savings and Gold: A Simple Method',
    author: 'Admin',
    category: 'Fiqh',
    tags: ['zakat', 'gold', 'savings', 'finance'],
    paragraphs: [
      'Zakat is one of the five pillars of Islam and a right of the poor upon the wealth of those who are able. Many families in India are unsure how to calculate it, especially when their wealth is a mix of bank savings and gold jewellery. The method below follows the Hanafi school, which most Muslims in the subcontinent follow.',
      'Start by fixing your zakat date: the day in the Islamic calendar on which you first owned wealth at or above the nisab. The nisab is 87.48 grams of gold or 612.36 grams of silver. When wealth is a mix of cash, gold and silver, scholars of the Hanafi school use the silver nisab, which is lower and therefore more beneficial for the poor.',
      'On your zakat date, add together cash at home, bank balances, the market value of the gold and silver you own, including jewellery, business stock, and money you have lent that you expect to receive back. Subtract debts and bills that are due immediately. If the remainder is equal to or above the nisab, zakat is due on the whole of it.',
      'Zakat is two and a half per cent of that total, which is the same as dividing it by forty. For example, if the total comes to four lakh rupees, zakat is ten thousand rupees. Value gold at the price a jeweller would pay for it, not the price of buying new jewellery. When in doubt about particular assets, consult a local scholar.',
    ],
    published: true,
    daysAgo: 64,
    views: 2310,
    cover: ['#3d405b', '#f2cc8f'],
  },
  {
    title: 'Raising Children Who Love to Pray',
    author: 'Admin',
    category: 'Family',
    tags: ['parenting', 'salah', 'children'],
    paragraphs: [
      'Every parent wants their children to pray, but the aim is deeper than getting them onto the prayer mat. We want them to love salah and turn to it for comfort throughout their lives. The Prophet (peace be upon him) said: Instruct your children to pray when they are seven years old (Sunan Abu Dawud), which shows that the early years are a time of gentle teaching.',
      'Children learn first by watching. When they see their parents stop what they are doing at the time of the adhan, make wudu calmly and pray with attention, the lesson settles in their hearts long before they understand the rulings. Pray together at home whenever you can, and let young children stand beside you even if they only copy the movements.',
      'Make prayer part of the rhythm of the day rather than a source of arguments. Praise effort more than perfection, tell stories of the prophets who prayed in hardship, and give each child a prayer mat of their own. The advice of Luqman to his son included establishing prayer and being patient over what befalls him (Surah Luqman 31:17).',
      'Above all, make dua for them. Ibrahim (peace be upon him) prayed: My Lord, make me an establisher of prayer, and from my descendants (Surah Ibrahim 14:40). Consistency matters more than intensity; a child who grows up in a home where prayer is calm, regular and loved is likely to carry that love into adulthood, by the will of Allah.',
    ],
    published: true,
    daysAgo: 21,
    views: 1420,
    cover: ['#264653', '#e9c46a'],
  },
  {
    title: "Honesty in Trade: Lessons for Today's Shopkeeper",
    author: 'Editorial Team',
    category: 'Fiqh',
    tags: ['business', 'honesty', 'trade'],
    paragraphs: [
      'Trade has a noble place in Islam. The Prophet (peace be upon him) worked as a merchant before prophethood and was known in Makkah as al-Amin, the trustworthy. Many of the Companions were traders, and Islam first reached the coasts of India largely through the honest dealings of Muslim merchants.',
      'The Prophet said that the buyer and the seller have the option to cancel as long as they have not separated, and that if they are truthful and make everything clear their transaction will be blessed, but if they conceal and lie the blessing of their transaction will be wiped out (Sahih al-Bukhari, Sahih Muslim). Blessing in trade is tied directly to honesty.',
      'In practice this means describing goods accurately, pointing out defects, giving full weight and measure, and not inventing false claims about quality or demand. Selling a phone with a hidden fault, or hiding poor produce beneath good produce, is exactly what the Prophet warned against when he said: Whoever cheats us is not one of us (Sahih Muslim).',
      'Honesty may sometimes seem to cost a sale, but it builds trust that no advertisement can buy. Customers return to a shop they trust and recommend it to others. More importantly, the honest trader earns the pleasure of Allah, and the halal income he brings home becomes a source of barakah for his family.',
    ],
    published: true,
    daysAgo: 143,
    views: 780,
    cover: ['#6b2737', '#f4d58d'],
  },
  {
    title: 'The Virtues of the First Ten Days of Dhul Hijjah',
    author: 'Admin',
    category: 'Spirituality',
    tags: ['dhul-hijjah', 'hajj', 'worship'],
    paragraphs: [
      'Allah swears by the dawn and by ten nights (Surah al-Fajr 89:1-2), and many scholars of tafsir explain these as the first ten nights of Dhul Hijjah. The Prophet (peace be upon him) said that there are no days in which righteous deeds are more beloved to Allah than these ten days (Sahih al-Bukhari). They are a season of worship for those on Hajj and for those at home.',
      'One of the simplest deeds in these days is dhikr. The scholars encourage increasing in takbir, tahlil and tahmid, saying Allahu akbar, la ilaha illallah and alhamdulillah, at home, at work and in the market. From Fajr on the ninth until Asr on the thirteenth, the takbir of tashriq is said after every obligatory prayer.',
      'Fasting is also recommended, especially on the day of Arafah, the ninth of Dhul Hijjah. The Prophet said that fasting on the day of Arafah expiates the sins of the previous year and the coming year (Sahih Muslim). Those who are not on Hajj should try not to miss this great opportunity.',
      'The days end with Eid al-Adha and the sacrifice, which commemorates the obedience of Ibrahim (peace be upon him). Those who intend to offer a sacrifice are recommended not to cut their hair or nails from the start of Dhul Hijjah until their animal is slaughtered (Sahih Muslim). Let us enter these days with a plan, so that they do not pass like any other ten days.',
    ],
    published: true,
    daysAgo: 187,
    views: 1650,
    cover: ['#5c4d3c', '#f6e7cb'],
  },
  {
    title: 'Kindness to Neighbours in a Crowded City',
    author: 'Darul Ilm Team',
    category: 'Community',
    tags: ['neighbours', 'character', 'community'],
    paragraphs: [
      'In a city like Kolkata, our neighbours are often only a wall or a staircase away. We share water lines, parking spaces and festival noise, and we see each other at our best and at our worst. Islam treats this closeness not as an inconvenience but as a trust, and gives the neighbour rights that are easy to overlook.',
      'The Prophet (peace be upon him) said that Jibril kept advising him about the neighbour until he thought the neighbour would be made an heir (Sahih al-Bukhari, Sahih Muslim). He also said: Whoever believes in Allah and the Last Day, let him honour his neighbour (Sahih al-Bukhari, Sahih Muslim). Scholars explain that these rights extend to every neighbour, Muslim or not.',
      'Kindness to neighbours is usually made of small things: a greeting on the stairs, a plate of food after cooking something special, checking on an elderly neighbour who lives alone, keeping noise within reasonable hours, and not blocking the lane with our vehicles. Equally important is avoiding harm, such as gossip, prying, or leaving rubbish where others must clean it.',
      'When disagreements arise, as they sometimes will, they are best handled with patience and kind words rather than complaints in the building group. A neighbourhood where people trust one another is a blessing for everyone, and Muslims should be among the first to build that trust through their character.',
    ],
    published: true,
    daysAgo: 95,
    views: 640,
    cover: ['#2b2d42', '#8d99ae'],
  },
  {
    title: 'Reading the Quran with Reflection',
    author: 'Admin',
    category: 'Spirituality',
    tags: ['quran', 'tadabbur', 'reflection'],
    paragraphs: [
      'Allah describes the Quran as a blessed Book sent down so that people may reflect upon its verses and so that those of understanding may take heed (Surah Sad 38:29). Reciting the words is itself a great act of worship, but the Book was revealed to be understood and lived. Reflection, or tadabbur, is the bridge between the two.',
      'For those who do not know Arabic, reflection begins with a reliable translation and a short commentary. Read a few verses in Arabic, then read their meaning slowly, and ask simple questions. What is Allah telling me about Himself? What is He asking me to do or to avoid? Is there a promise or a warning here for me?',
      'It helps to keep a small notebook. Write down one verse each day that touched you, and how you will act on it. Over the months the notebook becomes a personal record of your journey with the Quran. Even a short surah that you have recited since childhood can be revisited with fresh eyes.',
      'Do not be discouraged if progress is slow. The Prophet (peace be upon him) said that the one who recites the Quran with difficulty, stumbling over it, will have a double reward (Sahih al-Bukhari, Sahih Muslim). What matters is to keep returning to the Book with an open heart.',
    ],
    published: true,
    daysAgo: 7,
    views: 1980,
    cover: ['#14213d', '#fca311'],
  },
  {
    title: 'Patience, Prayer and Mental Well-being',
    author: 'Editorial Team',
    category: 'Spirituality',
    tags: ['patience', 'well-being', 'dua'],
    paragraphs: [
      'Anxiety, grief and exhaustion are part of human experience, and believers are not exempt from them. The prophets themselves felt sorrow: Yaqub (peace be upon him) said, I only complain of my suffering and my grief to Allah (Surah Yusuf 12:86). Feeling low is not a sign of weak faith; what matters is where we turn when we feel it.',
      "Allah tells us to seek help through patience and prayer (Surah al-Baqarah 2:153). Salah gives the day regular pauses in which we place our worries before Allah, and remembrance brings a calm of its own, for in the remembrance of Allah do hearts find rest (Surah ar-Ra'd 13:28). Small, consistent acts of worship often heal more than bursts of effort.",
      'Islam also teaches us to take the means. Sleep, healthy food, exercise, time with supportive family and friends, and speaking openly about our struggles are all part of caring for the trust of the body and mind. Seeking help from a qualified counsellor or doctor does not contradict trust in Allah; the Prophet (peace be upon him) encouraged seeking treatment for illness.',
      "Remember Allah's promise that with hardship comes ease (Surah ash-Sharh 94:5-6), and that He does not burden any soul beyond its capacity (Surah al-Baqarah 2:286). If you are struggling, please reach out to someone you trust today. If you know someone who is struggling, a phone call or a visit may mean more than you realise.",
    ],
    published: true,
    daysAgo: 52,
    views: 2120,
    cover: ['#355070', '#eaac8b'],
  },
  {
    title: 'Caring for Ageing Parents',
    author: 'Admin',
    category: 'Family',
    tags: ['parents', 'family', 'elderly'],
    paragraphs: [
      'Allah places kindness to parents right beside His own worship: Your Lord has decreed that you worship none but Him, and that you be good to parents. If one or both of them reach old age with you, do not say to them even uff, nor repel them, but speak to them noble words (Surah al-Isra 17:23). The verse speaks directly to the years when parents depend on us.',
      'In many Indian families, parents live with their grown children, and this arrangement can be a great source of reward. It can also be tiring. Hospital visits, medicines, changing moods and forgetfulness test our patience. It helps to remember that they once cared for us through sleepless nights, without complaint and without expecting anything in return.',
      'Caring well includes practical steps: sharing responsibilities fairly among siblings, keeping medical records organised, making the home safe for them, and giving them time and conversation, not only services. Involving them in family decisions preserves their dignity. Daughters-in-law and sons-in-law who help deserve gratitude, and their help should never be taken for granted.',
      'Keep making the dua that Allah taught us: My Lord, have mercy upon them as they raised me when I was small (Surah al-Isra 17:24). And when parents pass away, our care continues through dua for them, charity on their behalf, keeping up their ties of kinship and honouring their friends.',
    ],
    published: true,
    daysAgo: 129,
    views: 1130,
    cover: ['#4a4e69', '#f2e9e4'],
  },
  {
    title: 'Charity in Small Acts',
    author: 'Darul Ilm Team',
    category: 'Community',
    tags: ['charity', 'sadaqah', 'character'],
    paragraphs: [
      'Many people think of charity only as large donations, but the Prophet (peace be upon him) widened its meaning when he said: Every act of goodness is charity (Sahih al-Bukhari). This means that every believer, whatever their income, has a door to sadaqah open to them every single day.',
      'He also said: Protect yourselves from the Fire, even with half a date (Sahih al-Bukhari, Sahih Muslim). A few rupees given regularly to a trustworthy cause, a meal shared with a worker in the building, or buying from a struggling vendor rather than a large store can all carry great weight with Allah when done sincerely.',
      'Charity is not only money. Removing a brick or a piece of glass from the road, teaching a child to read, helping an elderly person with a form at the bank, visiting the sick and greeting people with a cheerful face are all forms of sadaqah. Small deeds done consistently are more beloved to Allah than large deeds done once and then abandoned.',
      'A practical suggestion: keep a small charity box at home and let the children put in a coin each day. At the end of the month, decide together where it should go. In this way children learn that generosity is part of everyday life, not something reserved for Ramadan.',
    ],
    published: true,
    daysAgo: 76,
    views: 870,
    cover: ['#0b525b', '#ffe8d6'],
  },
  {
    title: 'The Sunnah of the Morning',
    author: 'Admin',
    category: 'Spirituality',
    tags: ['sunnah', 'morning', 'dhikr'],
    paragraphs: [
      'The early hours of the day carry a special blessing. The Prophet (peace be upon him) prayed: O Allah, bless my nation in their early mornings (Sunan Abu Dawud, Jami at-Tirmidhi). A morning that begins with Allah tends to set the tone for the rest of the day, and reviving a few simple sunnah practices can transform even a busy schedule.',
      "The day begins with waking for Fajr and the dua on waking: All praise is for Allah who gave us life after He had caused us to die, and to Him is the return (Sahih al-Bukhari). The two sunnah rak'ahs before Fajr were so dear to the Prophet that he said they are better than the world and everything in it (Sahih Muslim).",
      "After Fajr, the morning adhkar protect and strengthen the believer. These include Ayat al-Kursi, the last three surahs of the Quran, and the supplications collected in books such as Fortress of the Muslim. Those who are able may remain in their place remembering Allah until the sun has risen, and then pray two rak'ahs of Ishraq.",
      'A morning routine rooted in the sunnah does not need to be long. Sleeping early, waking for Fajr, and reciting a page of the Quran and a few minutes of adhkar before checking the phone can change the quality of the entire day. Start with one habit, and add another when the first is firm.',
    ],
    published: true,
    daysAgo: 160,
    views: 1560,
    cover: ['#ff9f1c', '#2ec4b6'],
  },
  {
    title: 'Time Management for Students',
    author: 'Editorial Team',
    category: 'Education',
    tags: ['students', 'time', 'productivity'],
    paragraphs: [
      'The Prophet (peace be upon him) said: There are two blessings in which many people are at a loss: health and free time (Sahih al-Bukhari). Students are often rich in both, yet exam season reveals how quickly weeks can slip away. Managing time well is not only a study skill; it is a way of showing gratitude for these blessings.',
      'The five daily prayers give a natural structure to the day. Instead of planning around classes and screens alone, try planning around the prayers: a focused study block after Fajr when the mind is fresh, revision between Dhuhr and Asr, and lighter tasks after Maghrib. The prayers then act as regular breaks rather than interruptions.',
      'Phones are the biggest thief of time for most students. Keep notifications off during study blocks, set specific times for messages and social media, and leave the phone in another room when you sleep. Break large assignments into small tasks with their own deadlines, and review your progress at the end of each week.',
      'Remember that rest is part of good time management. Sleep, exercise and time with family are not wasted hours. Surah al-Asr reminds us that all people are in loss except those who believe, do good, and urge one another to truth and to patience (Surah al-Asr 103:1-3). Study with a good intention and your hours become worship.',
    ],
    published: false,
    daysAgo: 3,
    views: 0,
    cover: ['#22223b', '#c9ada7'],
  },
  {
    title: 'Serving the Community: Where to Begin',
    author: 'Admin',
    category: 'Community',
    tags: ['community', 'volunteering', 'service'],
    paragraphs: [
      'The Prophet (peace be upon him) described the believers, in their mutual love, mercy and compassion, as one body: when one part aches, the whole body responds with sleeplessness and fever (Sahih al-Bukhari, Sahih Muslim). Community service is how that description becomes visible on our streets and in our neighbourhoods.',
      'Service can start close to home. Volunteer at the local masjid, help organise a free medical camp, tutor children who cannot afford coaching classes, or assist elderly people with bank and pension paperwork. When floods and cyclones strike Bengal, organised relief work saves lives and reaches people of every community.',
      'Good intentions need good organisation. Work with established, transparent groups where possible, keep clear records of money received and spent, and protect the dignity of those you help by avoiding photographs that embarrass them. The Prophet said that Allah helps His servant as long as the servant is helping his brother (Sahih Muslim).',
      'Finally, serve with humility. The goal is not recognition but the pleasure of Allah and the relief of people in need. A small team that meets every week to do something useful may achieve far more over a year than a large event that is held once and then forgotten.',
    ],
    published: false,
    daysAgo: 5,
    views: 0,
    cover: ['#006d77', '#ffddd2'],
  },
  {
    title: 'Learning Arabic as an Adult',
    author: 'Admin',
    category: 'Education',
    tags: ['arabic', 'language', 'quran'],
    paragraphs: [
      'Many adults feel a quiet sadness that they recite the Quran every day without understanding it. Allah says: Indeed, We have sent it down as an Arabic Quran so that you may understand (Surah Yusuf 12:2). It is never too late to begin learning the language of the Quran, and many people have started in their forties, fifties and beyond.',
      'Begin with a clear and modest goal. For most learners, understanding the meanings of the prayers and of the surahs recited most often is a better first target than full fluency. Many words in the Quran are repeated again and again, so steady work on a core vocabulary brings rewards surprisingly quickly.',
      'Consistency matters more than hours. Twenty minutes a day is better than a long class once a month. Join a structured course with a teacher if you can, since a teacher corrects pronunciation and answers questions that books cannot. Study with a friend or spouse so that you keep each other going when motivation fades.',
      'Connect what you learn to your worship. When you learn a new word, listen for it in your next prayer. Little by little, the recitation you have heard all your life begins to speak to you directly, and that reward makes every difficult lesson worthwhile.',
    ],
    published: false,
    daysAgo: 9,
    views: 0,
    cover: ['#3a0ca3', '#f8edeb'],
  },
  {
    translationOf: 'ramadan-heart',
    language: 'ur',
    title: 'رمضان کے لیے دل کی تیاری',
    author: 'Admin',
    category: 'Ramadan',
    tags: ['ramadan', 'fasting', 'urdu'],
    paragraphs: [
      'رمضان مہینے کی پہلی رات سے شروع نہیں ہوتا؛ بہت سے نیک لوگوں کے لیے یہ ہفتوں پہلے دل میں شروع ہو جاتا ہے۔ اللہ تعالیٰ فرماتا ہے کہ روزے ہم پر اسی طرح فرض کیے گئے جیسے ہم سے پہلے لوگوں پر فرض کیے گئے تھے، تاکہ ہم تقویٰ حاصل کریں (سورۃ البقرہ 2:183)۔ اس لیے رمضان کی تیاری خریداری کی فہرستوں سے زیادہ دل کو نرمی سے اللہ کی طرف موڑنے کا نام ہے۔',
      'شروعات ان روزوں سے کیجیے جو ہم پر باقی ہیں۔ جس کے پچھلے رمضان کے روزے قضا ہوئے ہوں، وہ نیا مہینہ آنے سے پہلے انہیں پورا کرنے کی کوشش کرے۔ جو استطاعت رکھتے ہوں وہ پیر اور جمعرات کے نفل روزے بھی شروع کر سکتے ہیں، تاکہ رمضان کے لمبے دن جسم پر بھاری نہ پڑیں۔',
      'قرآن رمضان میں نازل ہوا، اور یہ مہینہ سب سے بڑھ کر قرآن کا مہینہ ہے۔ ابھی سے روزانہ کی ایک مناسب مقدار مقرر کیجیے، چاہے ایک ہی صفحہ ہو، اور اس پر قائم رہیے۔ سمجھ کر تھوڑا پڑھنا بغیر غور و فکر کے بہت سے صفحات جلدی جلدی پڑھنے سے بہتر ہے۔ گھر والے مل کر رمضان سے پہلے کوئی چھوٹی سورت یاد کر سکتے ہیں۔',
      'آخر میں، جو ٹوٹا ہے اسے جوڑ کر دل کو تیار کیجیے۔ جہاں ممکن ہو قرض ادا کیجیے، جن کے ساتھ زیادتی کی ہو ان سے معافی مانگیے، اور جن رشتہ داروں سے دوری ہو گئی ہو ان سے صلح کیجیے۔ نبی کریم ﷺ نے فرمایا کہ جو ایمان کے ساتھ اور ثواب کی امید سے رمضان کے روزے رکھے، اس کے پچھلے گناہ معاف کر دیے جاتے ہیں (صحیح بخاری، صحیح مسلم)۔ اللہ ہمیں رمضان تک پہنچائے۔',
    ],
    published: true,
    daysAgo: 37,
    views: 412,
    cover: ['#1b4332', '#ffd166'],
  },
  {
    translationOf: 'ramadan-heart',
    language: 'bn',
    title: 'রমজানের জন্য হৃদয়ের প্রস্তুতি',
    author: 'Admin',
    category: 'Ramadan',
    tags: ['ramadan', 'fasting', 'bengali'],
    paragraphs: [
      'রমজান মাসের প্রথম রাতে শুরু হয় না; অনেক নেককার মানুষের জন্য তা শুরু হয় কয়েক সপ্তাহ আগে, হৃদয়ে। আল্লাহ বলেন, আমাদের উপর রোজা ফরজ করা হয়েছে যেমন আমাদের পূর্ববর্তীদের উপর ফরজ করা হয়েছিল, যাতে আমরা তাকওয়া অর্জন করতে পারি (সূরা আল-বাকারা ২:১৮৩)। তাই রমজানের প্রস্তুতি কেনাকাটার তালিকার চেয়ে বেশি হলো হৃদয়কে ধীরে ধীরে আল্লাহর দিকে ফিরিয়ে আনা।',
      'শুরু করুন বাকি থাকা রোজা দিয়ে। গত রমজানের যার রোজা কাজা হয়েছে, নতুন মাস আসার আগেই সে তা আদায় করার চেষ্টা করুক। যাদের সামর্থ্য আছে তারা সোম ও বৃহস্পতিবারের নফল রোজাও শুরু করতে পারেন, যাতে রমজানের দীর্ঘ দিনগুলো শরীরের জন্য কষ্টকর না হয়।',
      'কুরআন রমজানে নাজিল হয়েছে, আর এই মাস সবার আগে কুরআনের মাস। এখনই প্রতিদিনের জন্য একটি বাস্তবসম্মত পরিমাণ ঠিক করুন, এক পৃষ্ঠা হলেও, এবং তাতে অটল থাকুন। চিন্তা-ভাবনা ছাড়া তাড়াহুড়ো করে অনেক পৃষ্ঠা পড়ার চেয়ে বুঝে অল্প পড়া উত্তম। পরিবারের সবাই মিলে রমজানের আগে একটি ছোট সূরা মুখস্থ করতে পারেন।',
      'সবশেষে, যা ভেঙে গেছে তা জোড়া দিয়ে হৃদয় প্রস্তুত করুন। সম্ভব হলে ঋণ পরিশোধ করুন, যাদের প্রতি অন্যায় করেছি তাদের কাছে ক্ষমা চান, আর যেসব আত্মীয়ের সঙ্গে দূরত্ব তৈরি হয়েছে তাদের সঙ্গে সম্পর্ক ঠিক করুন। নবী (সাল্লাল্লাহু আলাইহি ওয়া সাল্লাম) বলেছেন, যে ঈমানের সঙ্গে ও সওয়াবের আশায় রমজানের রোজা রাখে, তার অতীতের গুনাহ মাফ করে দেওয়া হয় (সহিহ বুখারি, সহিহ মুসলিম)। আল্লাহ আমাদের রমজান পর্যন্ত পৌঁছে দিন।',
    ],
    published: true,
    daysAgo: 36,
    views: 298,
    cover: ['#1b4332', '#ffd166'],
  },
  {
    language: 'ur',
    title: 'وضو: پاکیزگی سے نماز تک',
    author: 'Admin',
    category: 'Worship',
    tags: ['wudu', 'prayer', 'urdu'],
    paragraphs: [
      'وضو صرف اعضا دھونے کا نام نہیں، بلکہ نماز کے لیے دل اور جسم دونوں کی تیاری ہے۔ اللہ تعالیٰ فرماتا ہے: اے ایمان والو! جب تم نماز کے لیے اٹھو تو اپنے چہرے اور کہنیوں تک ہاتھ دھو لو، اپنے سروں کا مسح کرو اور ٹخنوں تک پاؤں دھو لو (سورۃ المائدہ 5:6)۔',
      'حنفی مسلک میں وضو کے فرائض چار ہیں: پورا چہرہ دھونا، دونوں ہاتھ کہنیوں سمیت دھونا، چوتھائی سر کا مسح کرنا، اور دونوں پاؤں ٹخنوں سمیت دھونا۔ بسم اللہ پڑھنا، مسواک کرنا، کلی کرنا، ناک میں پانی ڈالنا اور ہر عضو کو تین بار دھونا سنت ہے۔',
      'پانی کم خرچ کیجیے، چاہے آپ بہتے دریا کے کنارے ہوں۔ نبی کریم ﷺ ایک مُد، یعنی تقریباً دو ہتھیلی بھر پانی سے وضو فرما لیتے تھے (صحیح بخاری)۔ آج کل وضو کے دوران نل کھلا چھوڑ دینا عام ہے، حالانکہ یہ اسراف ہے۔',
      'وضو کے بعد کی دعا نہ بھولیے۔ نبی کریم ﷺ نے فرمایا کہ جو اچھی طرح وضو کرے پھر کلمۂ شہادت پڑھے، اس کے لیے جنت کے آٹھوں دروازے کھول دیے جاتے ہیں، جس سے چاہے داخل ہو (صحیح مسلم)۔',
    ],
    published: true,
    daysAgo: 26,
    views: 233,
    cover: ['#0b3954', '#bfd7ea'],
  },
  {
    language: 'bn',
    title: 'যাকাত: সম্পদকে পবিত্র করার ইবাদত',
    author: 'Admin',
    category: 'Zakat',
    tags: ['zakat', 'charity', 'bengali'],
    paragraphs: [
      'যাকাত ইসলামের পাঁচটি স্তম্ভের একটি। আল্লাহ কুরআনে বহু জায়গায় নামাজের সঙ্গে যাকাতের কথা বলেছেন: "তোমরা নামাজ কায়েম করো এবং যাকাত দাও" (সূরা আল-বাকারা ২:৪৩)। যাকাত শব্দের অর্থই পবিত্রতা ও বৃদ্ধি; এটি সম্পদকে পবিত্র করে এবং দাতার হৃদয় থেকে কৃপণতা দূর করে।',
      'যার কাছে নিসাব পরিমাণ সম্পদ এক চান্দ্র বছর ধরে থাকে, তার উপর যাকাত ফরজ। সোনার নিসাব ৮৭.৪৮ গ্রাম এবং রুপার নিসাব ৬১২.৩৬ গ্রাম। হানাফি মাযহাবে সোনা, রুপা, নগদ টাকা ও ব্যবসার মাল একসঙ্গে যোগ করা হয়, এবং মোট মূল্যের আড়াই শতাংশ যাকাত দিতে হয়।',
      'যাকাতের জন্য একটি নির্দিষ্ট তারিখ ঠিক করে রাখুন, যেমন রমজানের কোনো দিন, এবং প্রতি বছর সেই দিনে ব্যাংকের জমা, হাতের নগদ, সোনা-রুপা ও ব্যবসার মালের হিসাব লিখে ফেলুন। পরিশোধযোগ্য ঋণ থাকলে তা বাদ দিয়ে হিসাব করুন।',
      'যাকাত দিন কুরআনে বর্ণিত হকদারদের: গরিব, মিসকিন, ঋণগ্রস্ত ও অন্যান্যদের (সূরা আত-তাওবা ৯:৬০)। গরিব আত্মীয়দের দেওয়া উত্তম, কারণ তাতে দান ও আত্মীয়তার হক দুটোই আদায় হয়; তবে নিজের বাবা-মা, সন্তান বা স্বামী-স্ত্রীকে যাকাত দেওয়া যায় না।',
    ],
    published: true,
    daysAgo: 54,
    views: 187,
    cover: ['#6a4c93', '#f1e3d3'],
  },
];

export const DEMO_FATWAHS: DemoFatwah[] = [
  {
    question:
      'I travel from Kolkata to Delhi by Rajdhani Express, which takes about seventeen hours. Can I combine Dhuhr with Asr and Maghrib with Isha on the train? It is often very difficult to find space to pray.',
    answer: paras(
      "A journey of this length makes you a traveller (musafir) in the Shariah, since it is well beyond the minimum distance of about 78 kilometres (48 miles) recognised in the Hanafi school. As a traveller you shorten the four-rak'ah obligatory prayers of Dhuhr, Asr and Isha to two rak'ahs each, while Fajr and Maghrib remain as they are (Surah an-Nisa 4:101).",
      'As for combining two prayers in the time of one, the Hanafi school holds that this is only done at Arafah and Muzdalifah during Hajj, because Allah says: "Indeed, prayer has been decreed upon the believers at specified times" (Surah an-Nisa 4:103). The Shafi\'i and Hanbali schools do permit combining while travelling. A practical way to follow the Hanafi position is to pray Dhuhr towards the end of its time and Asr at the very beginning of its time, so that the two are prayed one after the other while each remains in its own time.',
      'On the train, pray the obligatory prayers standing and facing the qiblah if you can, for example in the space near the door or between the berths. If standing is genuinely not possible because of crowding or the movement of the train, pray seated and face the qiblah as best you can, since Allah does not burden a soul beyond its capacity (Surah al-Baqarah 2:286). Whatever happens, do not let the prayer lapse; if your situation is unusual, a local scholar can advise you in more detail.',
      'And Allah knows best.',
    ),
    categories: ['Prayer'],
    status: 'published',
    askerName: 'Mohammed Irfan',
    askerEmail: 'irfan.m@example.com',
    daysAgo: 14,
  },
  {
    key: 'diabetes-fasting',
    question:
      'I have type 2 diabetes and take tablets twice a day and insulin at night. My doctor says I can fast if I adjust the timings. Does an insulin injection break the fast, and may I break my fast if my sugar drops?',
    answer: paras(
      'Fasting in Ramadan is obligatory on every adult Muslim who is able (Surah al-Baqarah 2:183), and Allah has given a concession to those who are ill: "whoever among you is ill or on a journey, then an equal number of other days" (Surah al-Baqarah 2:184). If a trustworthy and competent doctor advises that you can fast safely with adjusted medication, you should fast. Taking your tablets at suhur and iftar does not affect the fast.',
      'Regarding an insulin injection during the day, many contemporary scholars, including Hanafi scholars in the subcontinent, hold that an injection under the skin or into a muscle does not break the fast, since the medicine does not enter the body through a natural opening into the stomach. Some scholars advise caution, so where your doctor allows it, it is better to keep injections to the times of suhur and iftar. Tablets or any medicine taken by mouth during the day do break the fast.',
      'If your sugar drops to a dangerous level, or you reasonably fear harm, you must break the fast, because protecting your health is a duty. You will make up that day later, and no expiation (kaffarah) is due. If your doctor finds that you are permanently unable to fast, you would instead pay fidya for each day. Please keep your doctor and a local scholar informed as your treatment changes.',
      'And Allah knows best.',
    ),
    categories: ['Fasting'],
    status: 'published',
    askerName: 'Abdul Rahim',
    daysAgo: 41,
  },
  {
    key: 'jewellery-zakat',
    question:
      'My mother gave me about 60 grams of gold jewellery at my wedding, which I wear only at functions. I also have some savings in the bank. Do I have to pay zakat on the jewellery even though I never sell it?',
    answer: paras(
      "In the Hanafi school, which is followed by most Muslims in India, zakat is due on gold and silver whether it is kept as jewellery or stored, and whether it is worn often or rarely. This is based on narrations such as the hadith of the woman whose daughter wore two heavy gold bangles, whom the Prophet (peace be upon him) asked whether she paid zakat on them (Sunan Abu Dawud). The Shafi'i, Maliki and Hanbali schools do not require zakat on jewellery kept for ordinary personal use, but the Hanafi view is followed here and is the more cautious one.",
      'The nisab is 87.48 grams of gold or 612.36 grams of silver. Your 60 grams of gold alone is below the gold nisab, but in the Hanafi school gold, silver, cash and trade goods are added together, and when they are mixed the silver nisab is used. Since you also have savings, your total will very likely exceed the silver nisab, so zakat of 2.5 per cent becomes due on the whole amount once a lunar year has passed.',
      'Value the jewellery at the price you could sell the gold for on your zakat date, without making charges or the value of any stones. The jewellery is yours, so the zakat is your responsibility, though your husband or a family member may pay it on your behalf with your permission.',
      'And Allah knows best.',
    ),
    categories: ['Zakat'],
    status: 'published',
    askerName: 'Ayesha',
    askerEmail: 'ayesha.k@example.com',
    daysAgo: 88,
  },
  {
    question:
      "My nikah is fixed for next month and the families are discussing the mahr. My fiance's family says a token amount like 786 rupees is the sunnah. Is there a minimum mahr, and is it acceptable for it to be paid later?",
    answer: paras(
      'Mahr is the right of the wife and an obligation upon the husband. Allah says: "And give the women their mahr as a free gift" (Surah an-Nisa 4:4). It belongs to the bride alone, not to her parents or relatives, and she may spend it as she wishes.',
      'In the Hanafi school the minimum mahr is ten dirhams of silver, which is approximately 30.6 grams of silver. A token figure such as 786 rupees has no basis in the Sunnah and may fall below this minimum depending on the price of silver. There is no fixed maximum, but simplicity and ease are encouraged. Many families in India choose Mahr Fatimi, the mahr of Sayyidah Fatimah (may Allah be pleased with her), which is commonly estimated at about 1.5 kilograms of silver.',
      "Mahr may be paid at the time of the nikah (mu'ajjal) or deferred (muwajjal). A deferred mahr remains a debt upon the husband until it is paid, and if he passes away it is paid from his estate before inheritance is divided. It is best to agree on an amount the groom can actually pay, record it clearly in the nikahnama, and pay it as soon as he is able.",
      'And Allah knows best.',
    ),
    categories: ['Marriage'],
    status: 'published',
    askerName: 'Nasreen',
    daysAgo: 120,
  },
  {
    question:
      "I have been offered a clerk's job in a nationalised bank. The salary and job security are good and my family is pressing me to accept it. Is it permissible for a Muslim to work in a conventional bank?",
    answer: paras(
      'Interest (riba) is clearly forbidden in Islam: "Allah has permitted trade and forbidden riba" (Surah al-Baqarah 2:275). Jabir (may Allah be pleased with him) reported that the Messenger of Allah (peace be upon him) cursed the one who consumes riba, the one who pays it, the one who records it and its two witnesses, and said that they are all alike (Sahih Muslim).',
      'For this reason, most scholars of the subcontinent hold that a job which directly involves interest-based transactions, such as sanctioning loans, recording or calculating interest, or processing interest-bearing accounts, is not permissible. The duties of a clerk in a conventional bank usually include this kind of work. Roles that are not directly connected to interest, such as security or building maintenance, are treated more leniently by some scholars, while others still advise avoiding them because salaries come largely from interest income.',
      'We would advise you to look for a halal alternative and to explain your reasons to your family gently. Allah says: "And whoever fears Allah, He will make for him a way out, and will provide for him from where he does not expect" (Surah at-Talaq 65:2-3). Please discuss the exact job description with a local scholar before making your final decision.',
      'And Allah knows best.',
    ),
    categories: ['Business'],
    status: 'published',
    askerName: 'Farhan Qureshi',
    askerEmail: 'farhan.q@example.com',
    daysAgo: 97,
  },
  {
    question:
      'We live in a rented flat in Kolkata and the rent keeps going up. Many of my friends have taken home loans from banks. Is it permissible to take a home loan with interest if we have no other way to buy a house?',
    answer: paras(
      'Paying interest is included in the prohibition of riba, as the hadith of Jabir in Sahih Muslim curses both the one who consumes it and the one who pays it. Owning a home is a great blessing, but as long as renting is possible it is not usually considered a necessity (darurah) that would make a forbidden transaction allowed. For this reason the majority of scholars in India do not permit taking an interest-based home loan for this purpose. A small number of contemporary scholars have allowed it in narrow circumstances, but we do not advise relying on that without consulting a scholar about your specific situation.',
      'There are other ways to work towards a home: saving steadily, buying a smaller flat first, interest-free loans from family members, and Islamic finance arrangements such as diminishing partnership (musharakah mutanaqisah) where they are available and properly structured. Continue to make dua, as Allah opens doors for those who avoid what He has forbidden for His sake.',
      'If someone has already taken such a loan, they should sincerely repent and try to repay it as quickly as they can in order to reduce the interest paid.',
      'And Allah knows best.',
    ),
    categories: ['Business', 'Family'],
    status: 'published',
    daysAgo: 156,
  },
  {
    question:
      'I sometimes apply nail polish for family functions. Is my wudu valid if I am wearing nail polish? What about mehndi?',
    answer: paras(
      "In wudu the hands must be washed up to and including the elbows (Surah al-Ma'idah 5:6), and water must reach every part that is washed, including the nails. Ordinary nail polish forms a waterproof layer, so wudu and ghusl are not valid while it is on, and prayers performed with such wudu would need to be repeated. The polish must be removed before making wudu.",
      'Mehndi (henna) is different. It leaves only a colour and does not form a layer over the skin or nails, so wudu with henna is valid.',
      'Some products are sold as breathable or water-permeable nail polish. Scholars differ about them, and such claims are often not reliably proven, so the cautious approach is to remove them before wudu as well. Many sisters prefer to wear nail polish only during the days of their monthly cycle, when they are not praying, and to remove it before ghusl.',
      'And Allah knows best.',
    ),
    categories: ['Purification'],
    status: 'published',
    askerName: 'Shabnam Begum',
    daysAgo: 63,
  },
  {
    question:
      'I am a widow aged 58 and I have enough money for Hajj. My only son lives abroad and cannot travel with me. Can I go for Hajj with a group of ladies from our locality?',
    answer: paras(
      'Hajj is obligatory upon those who are able to make the journey (Surah Al Imran 3:97). For a woman, the Hanafi school includes having a husband or mahram to travel with her as part of this ability, based on the hadith: "A woman should not travel except with a mahram" (Sahih al-Bukhari, Sahih Muslim).',
      "According to the Hanafi school, a woman should not travel for Hajj without a mahram, even in a group of trustworthy women. If she has the means but cannot find a mahram, she is excused from going herself until one becomes available. If she is unable to go for the rest of her life, she should leave a bequest (wasiyyah) that Hajj be performed on her behalf (Hajj badal) from her estate. The Shafi'i and Maliki schools permit a woman to perform the obligatory Hajj with a trustworthy group of women when the journey is safe, and some contemporary scholars consider this in light of organised modern travel.",
      'We would encourage you to make every effort to find a mahram, such as a brother, a nephew, a grandson, a son-in-law, or your son if he can join you for the days of Hajj. Please discuss your circumstances with a local scholar, and may Allah make the way easy for you.',
      'And Allah knows best.',
    ),
    categories: ['Hajj'],
    status: 'published',
    askerName: 'Rukhsana Khatoon',
    daysAgo: 201,
  },
  {
    question:
      "My mother passed away last year without performing Umrah. I am going for Umrah this year, insha'Allah. Can I perform an Umrah on her behalf, and should I do my own first?",
    answer: paras(
      'Yes, you may perform Umrah on behalf of your late mother. A woman from Juhaynah asked the Prophet (peace be upon him) whether she could perform Hajj for her mother, who had vowed to do so but died first. He replied: "Yes, perform Hajj on her behalf. Do you not see that if your mother had a debt, you would have paid it?" (Sahih al-Bukhari). Umrah is treated in the same way, and in the Hanafi school the reward of any good deed may be gifted to the deceased.',
      "It is better to perform your own Umrah first and then a second Umrah on your mother's behalf. For the second Umrah, those staying in Makkah enter ihram from outside the Haram boundary, usually at Masjid Aisha in Tan'im, and make the intention at the time of ihram that the Umrah is on behalf of your mother.",
      'Alongside this, continue to make dua for her and give charity on her behalf. The Prophet said that when a person dies their deeds come to an end except for three: ongoing charity, beneficial knowledge, or a righteous child who prays for them (Sahih Muslim).',
      'And Allah knows best.',
    ),
    categories: ['Hajj', 'Family'],
    status: 'published',
    askerName: 'Imran Ansari',
    askerEmail: 'imran.ansari@example.com',
    daysAgo: 175,
  },
  {
    question:
      'My father passed away recently. He is survived by my mother, me (his only son) and my two sisters. His own parents died before him. How should his property be divided according to the Shariah?',
    answer: paras(
      'Before any division, the following are paid from the estate in order: the costs of the funeral and burial, all debts (including any unpaid mahr owed to your mother), and any valid bequest, up to one third of the remainder, in favour of people who are not heirs.',
      'From what remains, your mother receives one eighth, because your father left children (Surah an-Nisa 4:12). The remaining seven eighths go to the children, with a son receiving the share of two daughters (Surah an-Nisa 4:11). In practice the estate is divided into 32 equal parts: your mother receives 4 parts (12.5 per cent), you receive 14 parts (43.75 per cent), and each of your sisters receives 7 parts (21.875 per cent).',
      'Please ensure that your sisters receive their full share promptly; withholding the inheritance of sisters is a serious injustice that sadly occurs in many families. This summary assumes there are no other heirs, such as another wife. If there are other relatives or a written will, please have the calculation checked by a local scholar.',
      'And Allah knows best.',
    ),
    categories: ['Family'],
    status: 'published',
    askerName: 'Tanvir Ahmed',
    daysAgo: 133,
  },
  {
    question:
      'In winter it is very cold in the mornings. Can I wipe over my ordinary cotton or woollen socks during wudu instead of washing my feet?',
    answer: paras(
      "Wiping over leather socks (khuffs) is established by many authentic narrations, such as the hadith of al-Mughirah ibn Shu'bah, who saw the Prophet (peace be upon him) wipe over his khuffs during wudu (Sahih al-Bukhari, Sahih Muslim).",
      'In the Hanafi school, wiping is valid over leather socks, or over socks thick enough to meet certain conditions: water does not easily seep through them, they stay up on their own without being tied, and it is possible to walk a long distance in them. Ordinary cotton, nylon or woollen socks do not meet these conditions, so wiping over them is not valid in the Hanafi school and the feet must be washed. Some scholars permit wiping over all socks, but the Hanafi position is the more cautious one.',
      'Practical solutions are to use warm water, or to wear leather socks, which are widely available. They must be put on after a complete wudu, and wiping is then allowed for 24 hours for a resident and 72 hours for a traveller.',
      'And Allah knows best.',
    ),
    categories: ['Purification', 'Prayer'],
    status: 'published',
    askerName: 'Arif Hussain',
    askerEmail: 'arif.h@example.com',
    daysAgo: 246,
  },
  {
    question:
      'I work in an IT company in Salt Lake Sector V. There is no masjid close by and my shift covers Dhuhr and Asr. Can I pray in the office, and how do I find the qiblah?',
    answer: paras(
      'The obligatory prayers must be prayed within their times (Surah an-Nisa 4:103), and they may be prayed in any clean place. The Prophet (peace be upon him) said: "The earth has been made for me a place of prayer and a means of purification" (Sahih al-Bukhari, Sahih Muslim). Look for a clean, quiet corner, an empty meeting room or a stairwell landing, and put down a small prayer mat. Many employers are willing to allow a short break if asked politely, and praying in congregation with Muslim colleagues is better still.',
      'Pray standing with full bowing and prostration. Praying seated at your desk is only permitted if you are unable to stand, not because of convenience. Brothers should also make arrangements to attend the Friday prayer at the nearest masjid.',
      'From Kolkata the qiblah is approximately west, a few degrees north of due west. A compass or a reliable qiblah app is sufficient. For those far from Makkah, facing the general direction is what is required, and a small error after making an honest effort does not invalidate the prayer.',
      'And Allah knows best.',
    ),
    categories: ['Prayer'],
    status: 'published',
    askerName: 'Saif',
    daysAgo: 29,
  },
  {
    question:
      'Can I brush my teeth with toothpaste while fasting? I am worried about bad breath at work during Ramadan.',
    answer: paras(
      'Cleaning the teeth with a miswak while fasting is permissible and part of the sunnah. Using toothpaste during the day, however, is considered disliked (makruh) in the Hanafi school, because of the strong taste and the risk of some of it going down the throat. If any toothpaste is swallowed, the fast is broken and must be made up.',
      'The best approach is to brush thoroughly with toothpaste after suhur and again after iftar. During the day you may use a miswak, or a brush with water only, taking care not to swallow anything. When rinsing the mouth in wudu, avoid gargling deeply.',
      'Do not be too troubled by the natural smell of fasting. The Prophet (peace be upon him) said that the smell of the mouth of a fasting person is more pleasant to Allah than the fragrance of musk (Sahih al-Bukhari, Sahih Muslim).',
      'And Allah knows best.',
    ),
    categories: ['Fasting', 'Purification'],
    status: 'published',
    daysAgo: 221,
  },
  {
    question:
      "My sister's marriage has been fixed, but the boy's family has hinted that they expect a motorbike, furniture and cash as gifts. My father is a retired school teacher. Is this allowed in Islam?",
    answer: paras(
      'Demanding dowry from the bride\'s family has no basis in Islam. In the Shariah it is the husband who gives mahr to his wife and bears the cost of maintaining the home. Allah says: "And do not consume one another\'s wealth unjustly" (Surah al-Baqarah 2:188). Gifts that parents give freely out of love are permissible, but demands, hints and pressure turn them into taking wealth without true consent, which is not lawful. Demanding dowry is also an offence under Indian law.',
      "We would advise your family to speak to the groom's family politely but clearly, perhaps through respected elders or the imam of your masjid, and explain that your father will not be taking on debts to meet such expectations. A marriage built on simplicity and good character carries more barakah than one built on display.",
      'Your father should not feel ashamed. Turning down unjust demands is an act of courage, and we pray that Allah grants your sister a righteous spouse and a marriage filled with mercy.',
      'And Allah knows best.',
    ),
    categories: ['Marriage', 'Family'],
    status: 'published',
    askerName: 'Zainab',
    askerEmail: 'zainab.r@example.com',
    daysAgo: 57,
  },
  {
    question:
      'Can I give my zakat to my younger brother, who is unemployed and has three children? Can I also give it to my mother-in-law?',
    answer: paras(
      "Zakat may not be given to one's own parents and grandparents, one's children and grandchildren, or one's spouse. Apart from these, it may be given to other relatives, including brothers, sisters, uncles, aunts, nephews and in-laws, provided they are eligible: that is, they do not own wealth at the level of the nisab beyond their basic needs, and (in the Hanafi school) they are not from the family of Banu Hashim.",
      "Giving zakat to needy relatives is in fact especially rewarding. When Zaynab, the wife of Abdullah ibn Mas'ud, asked about giving charity to her husband and to orphans in her care, the Prophet (peace be upon him) said that there would be two rewards for her: the reward of kinship and the reward of charity (Sahih al-Bukhari, Sahih Muslim).",
      'So you may give zakat to your brother, and to your mother-in-law if she is eligible. You do not need to tell them that it is zakat; you may give it as a gift with the intention of zakat in your heart, as long as the money is handed over to them to own and use as they wish.',
      'And Allah knows best.',
    ),
    categories: ['Zakat', 'Family'],
    status: 'published',
    askerName: 'Fatima Siddiqui',
    daysAgo: 70,
  },
  {
    question:
      'I read the Quran on a phone app on the metro while going to college. Do I need wudu to read from the phone, and is it a problem if I touch the screen?',
    answer: paras(
      'Allah says about the Quran: "None touch it except the purified" (Surah al-Waqi\'ah 56:79), and on this basis the Hanafi school requires wudu to touch a printed copy of the Quran (mushaf). Reciting from memory or reading without touching the mushaf is permissible without wudu.',
      'Most contemporary scholars hold that a phone or tablet displaying the Quran does not take the ruling of a printed mushaf, because the text is only an electronic display that disappears when the app is closed. It is therefore permissible to read from the phone and touch the screen without wudu, although having wudu is better and more respectful.',
      'A person in a state of major impurity (janabah), and a woman during her monthly cycle according to the Hanafi school, should not recite the Quran even from a phone, but may listen to it. Please also avoid taking the phone into the washroom while the Quran is open on the screen.',
      'And Allah knows best.',
    ),
    categories: ['Worship', 'Purification'],
    status: 'published',
    askerName: 'Sana',
    askerEmail: 'sana.parveen@example.com',
    daysAgo: 9,
  },
  {
    question:
      'I do not know many duas in Arabic. Can I make dua in Urdu or Bengali during sajdah, or before the salam at the end of my prayer?',
    answer: paras(
      'In the Hanafi school, duas made within the prayer should be in Arabic and in wording similar to the duas of the Quran and Sunnah. Making dua in another language within the prayer is disliked, and if the words resemble ordinary conversation the prayer itself may be affected. Some other scholars allow a person who does not know Arabic to make dua in their own language, especially in voluntary prayers, but the cautious approach is to keep to Arabic inside salah.',
      'Outside the prayer, you may make dua in any language. Allah hears and understands every language and knows what is in our hearts. Many people finish their salah and then raise their hands to ask for everything they need in their own words, which is good.',
      'It is also worth learning a few short Arabic duas, such as: "Our Lord, give us good in this world and good in the Hereafter, and protect us from the punishment of the Fire" (Surah al-Baqarah 2:201), and "My Lord, increase me in knowledge" (Surah Ta-Ha 20:114). Our Practical Guide to Salah lists several with transliteration.',
      'And Allah knows best.',
    ),
    categories: ['Worship', 'Prayer'],
    status: 'published',
    askerName: 'Tariq Hasan',
    daysAgo: 105,
  },
  {
    question:
      'I run a small mobile phone shop in Howrah. Customers ask to buy phones in instalments. Can I charge a higher price for instalments than for cash, and can I add a penalty if someone pays late?',
    answer: paras(
      'It is permissible, according to the majority of scholars including the Hanafi school, to sell an item on credit at a higher price than its cash price, provided that one price is clearly fixed and agreed at the time of the sale. For example, you may say that the phone costs 12,000 rupees payable in six monthly instalments of 2,000 rupees. The sale is not valid if it is left undecided whether it is a cash sale or a credit sale.',
      'Once the price has been fixed, it cannot be increased because of late payment, since any increase charged on a debt for delay is riba. A late payment penalty that you keep for yourself is therefore not permissible. Some contemporary scholars allow an arrangement in which the buyer undertakes to give a fixed amount to charity if he pays late, provided that the seller does not benefit from it. You may also ask for a guarantor or security to protect yourself.',
      'Honesty in these dealings is itself worship. The Prophet (peace be upon him) said: "The truthful, trustworthy merchant is with the prophets, the truthful and the martyrs" (Jami at-Tirmidhi).',
      'And Allah knows best.',
    ),
    categories: ['Business'],
    status: 'published',
    askerName: 'Asif Iqbal',
    askerEmail: 'asif.iqbal@example.com',
    daysAgo: 84,
  },
  {
    question:
      'I have a savings account and every quarter the bank credits interest into it. I cannot close the account because my salary comes into it. What should I do with the interest money?',
    answer: paras(
      "Keeping a bank account for the safety of your money and to receive your salary is permissible, as this is a need in today's world. The interest that is credited, however, is not lawful for you to use for yourself or your family.",
      'Scholars advise that the interest should be withdrawn and given to poor and needy people, without the intention of earning reward, because it is not your wealth; you are simply getting rid of something that should not be with you. It should not be left with the bank, and it does not count towards your zakat.',
      'Where possible, consider keeping your savings in a current account or another arrangement that does not pay interest, so that the problem does not arise in the first place.',
      'And Allah knows best.',
    ),
    categories: ['Business', 'Other'],
    status: 'published',
    askerName: 'Rizwan',
    daysAgo: 190,
  },
  {
    question:
      'Our college NSS unit is organising a blood donation camp. Is it permissible for a Muslim to donate blood, and can I donate to a non-Muslim patient?',
    answer: paras(
      'Contemporary scholars and Islamic fiqh bodies, including scholars in India, permit donating blood when it is needed to treat patients and save lives, provided that the donor\'s own health is not harmed and the blood is given freely rather than sold. Allah says: "And whoever saves one life, it is as if he had saved mankind entirely" (Surah al-Ma\'idah 5:32).',
      'Blood may be donated to any person in need, Muslim or non-Muslim. Helping to save a human life is a good deed, and sharing in a camp that serves the whole community is a good example of Muslim character.',
      'Two practical points: in the Hanafi school, flowing blood breaks wudu, so renew your wudu before your next prayer. If you are fasting, donating blood does not break the fast, but it is better to donate after iftar if it is likely to weaken you.',
      'And Allah knows best.',
    ),
    categories: ['Other'],
    status: 'published',
    askerName: 'Adil',
    askerEmail: 'adil.khan@example.com',
    daysAgo: 147,
  },
  {
    question:
      'My wife and I have no children after twelve years of marriage, and we want to adopt a baby girl from an orphanage. Can she take my name? What about inheritance and purdah when she grows up?',
    answer: paras(
      'Caring for an orphan is one of the most virtuous deeds. The Prophet (peace be upon him) said: "I and the one who looks after an orphan will be in Paradise like this," and he held up his index and middle fingers together (Sahih al-Bukhari). Your intention is a beautiful one.',
      'Islam encourages raising and caring for a child, but it does not allow changing the child\'s lineage. Allah says: "Call them by the names of their fathers; that is more just in the sight of Allah" (Surah al-Ahzab 33:5). She should therefore not be attributed to you as your biological daughter. If her father\'s name is known, she should keep it; if it is not known, scholars suggest a general attribution such as "daughter of Abdullah". She can still be raised with all the love of a daughter, and your role as guardian can be recorded in official documents.',
      'An adopted child does not inherit automatically, but you may make a bequest of up to one third of your estate for her, or give her gifts during your lifetime. Regarding purdah, she will not be a mahram to you after she reaches puberty unless a foster relationship is established; if your wife or your sister breastfeeds her within her first two years, she becomes your foster relative and a mahram. Please consult a local scholar about the details of your situation.',
      'And Allah knows best.',
    ),
    categories: ['Family', 'Other'],
    status: 'published',
    askerName: 'Shahid',
    daysAgo: 234,
  },
  {
    question:
      "Last Ramadan I was pregnant, and later breastfeeding, so I missed all the fasts on my doctor's advice. Do I have to make them up or pay fidya? I am still breastfeeding.",
    answer: paras(
      'A pregnant or breastfeeding woman who fears harm to herself or her baby is permitted not to fast. The Prophet (peace be upon him) said that Allah has relieved the traveller of fasting and of half of the prayer, and has relieved the pregnant and the nursing woman of fasting (Sunan Abu Dawud, Jami at-Tirmidhi).',
      'In the Hanafi school, she must make up (qada) the missed fasts later when she is able, and fidya is not due as long as she will be able to fast later. Fidya is only for someone who is permanently unable to fast, such as the very elderly or the chronically ill.',
      'There is no fixed deadline for making up the fasts, and they do not need to be kept consecutively. You can make them up gradually once you are no longer nursing or your doctor says it is safe, for example on shorter winter days. Try not to delay without reason, and keep a written record of how many you have completed.',
      'And Allah knows best.',
    ),
    categories: ['Fasting'],
    status: 'published',
    askerName: 'Mehnaz',
    askerEmail: 'mehnaz.s@example.com',
    daysAgo: 266,
  },
  {
    question:
      'I have a fixed deposit of three lakh rupees, and my employer deducts provident fund from my salary every month. Do I pay zakat on the FD and the PF balance? How should I calculate zakat each year?',
    answer: paras(
      'The principal of your fixed deposit is your wealth, so it is included in your zakatable assets. The interest earned on it is not your wealth; it should be given away to the poor without the intention of reward, and it is not counted in zakat.',
      'Regarding compulsory provident fund deducted by your employer, many scholars of the subcontinent hold that zakat is not due on it until you actually receive the money, since it is not in your possession or control before then. Voluntary contributions you choose to make are treated like your other savings, and zakat is due on them yearly. Some scholars take a different view of balances that can be withdrawn, so please confirm the details of your scheme with a local scholar.',
      'To calculate zakat, fix a yearly date in the Islamic calendar. On that date, add your cash, bank balances, FD principal, gold and silver, business stock and money owed to you that you expect to recover, and subtract debts due immediately. If the total is at or above the nisab (the value of 612.36 grams of silver), pay 2.5 per cent of it.',
      'And Allah knows best.',
    ),
    categories: ['Zakat'],
    status: 'pending',
    askerName: 'Hina Parveen',
    daysAgo: 4,
  },
  {
    question:
      "I have saved money for Hajj, but my daughter's wedding is also due in a year or two. The money is not enough for both. Should I go for Hajj first or keep it for her wedding?",
    answer: paras(
      'Hajj becomes obligatory on a person who has enough wealth for the journey and for the maintenance of their dependants at the time of Hajj, beyond their basic needs. In the Hanafi school, once it has become obligatory it should be performed without unnecessary delay.',
      'Expenses for a wedding expected in a year or two are not a present necessity, and an Islamic wedding does not require large sums; the sunnah is a simple nikah and a modest walima. Therefore, if you have the means at the time of Hajj registration and the Hajj season, most scholars would advise giving priority to Hajj, while planning a simple wedding for your daughter.',
      "Every family's circumstances are different, for example if the wedding date is already fixed and very close, so please discuss the details with a local scholar before deciding.",
      'And Allah knows best.',
    ),
    categories: ['Hajj'],
    status: 'pending',
    daysAgo: 2,
  },
  {
    question:
      'My fiance works in Dubai and cannot get leave for a few months. Can our nikah be performed over a video call, with witnesses present on both sides?',
    categories: ['Marriage'],
    status: 'pending',
    askerName: 'Nusrat Jahan',
    askerEmail: 'nusrat.j@example.com',
    daysAgo: 1,
  },
  {
    question:
      'I usually pray Isha and go to sleep, hoping to wake up for Tahajjud and pray Witr then, but often I miss it. Should I pray Witr before sleeping? And if I miss Witr, do I have to make it up?',
    categories: ['Worship', 'Prayer'],
    status: 'pending',
    askerName: 'Salman',
    daysAgo: 6,
  },
  {
    question:
      'I have bought a second-hand car and the law requires insurance. Is third-party insurance allowed for a Muslim? What about comprehensive insurance?',
    categories: ['Business', 'Other'],
    status: 'pending',
    daysAgo: 8,
  },
  {
    question:
      'Is it permissible to count dhikr on a tasbih with beads, or with a counter app on my phone? Someone told me it is better to count on the fingers.',
    answer: paras(
      'Counting dhikr on the fingers is the sunnah. The Prophet (peace be upon him) told some of the women Companions to count their tasbih on their fingertips, because the fingers will be questioned and made to speak on the Day of Judgement (Sunan Abu Dawud, Jami at-Tirmidhi). It is preferred to count on the fingers of the right hand.',
      'Using beads, or a counter on the phone, is permissible according to the majority of scholars, including the Hanafi school, as it is only a means of keeping count. Some of the early Muslims are reported to have counted with pebbles or date stones. The person who finds it easier to concentrate with a tasbih has done nothing wrong.',
      'What matters most is presence of heart. Whether you use fingers, beads or an app, try to understand what you are saying and avoid turning dhikr into a display in front of others.',
      'And Allah knows best.',
    ),
    categories: ['Worship'],
    status: 'draft',
    askerName: 'Rehana',
    daysAgo: 11,
  },
  {
    question:
      'I have two sons and one daughter. My elder son has helped me in my business for many years. Can I gift the shop to him during my lifetime and give the house to the other two?',
    answer: paras(
      'Parents are required to be fair to their children when giving gifts during their lifetime. When al-Nu\'man ibn Bashir\'s father wanted to give him a special gift, the Prophet (peace be upon him) said: "Fear Allah and be just between your children" (Sahih al-Bukhari, Sahih Muslim). Many Hanafi scholars hold that sons and daughters should be treated equally in lifetime gifts, and favouring one child without a valid reason is disliked and can be sinful if it is meant to deprive the others.',
      'If your elder son has worked in the business for years, he may deserve recognition for his contribution. This can be done fairly, for example by first giving him an agreed share of the business or a wage for his work, and then dividing the rest of your gifts equitably among all three children. It is wise to discuss the arrangement openly with all of them so that it does not cause resentment later.',
      'A gift is only complete in the Hanafi school when the recipient takes possession of it. Please consult a local scholar and a lawyer to document the arrangement properly.',
      'And Allah knows best.',
    ),
    categories: ['Family'],
    status: 'draft',
    askerName: 'Javed Alam',
    askerEmail: 'javed.alam@example.com',
    daysAgo: 17,
  },
  {
    question:
      'In many offices and on long train journeys there is no water in the toilet, only tissue paper. Is using tissue alone enough for istinja before prayer?',
    answer: paras(
      'The Prophet (peace be upon him) permitted cleaning with stones after relieving oneself, and instructed that at least three stones be used (Sahih Muslim). Tissue paper serves the same purpose, so cleaning with it is valid.',
      'In the Hanafi school, if the impurity has not spread beyond the private parts more than the area of a dirham (roughly the size of the palm\'s hollow), cleaning with tissue alone is sufficient for the prayer to be valid. If it has spread further, it must be washed with water. Washing with water is always better, and using tissue first and then water is best. Allah praised the people of Quba, saying: "In it are men who love to purify themselves" (Surah at-Tawbah 9:108).',
      'A simple solution is to carry a small bottle of water in your bag when travelling or at work, so that you can clean yourself properly wherever you are.',
      'And Allah knows best.',
    ),
    categories: ['Purification'],
    status: 'draft',
    daysAgo: 24,
  },
  {
    translationOf: 'jewellery-zakat',
    language: 'ur',
    question:
      'میری والدہ نے شادی پر مجھے تقریباً ساٹھ گرام سونے کے زیورات دیے، جنہیں میں صرف تقریبات میں پہنتی ہوں۔ میرے پاس بینک میں کچھ بچت بھی ہے۔ کیا ان زیورات پر زکوٰۃ واجب ہے، حالانکہ میں انہیں کبھی نہیں بیچتی؟',
    answer: paras(
      'حنفی مسلک میں، جس پر ہندوستان کے اکثر مسلمان عمل کرتے ہیں، سونے اور چاندی پر زکوٰۃ واجب ہے، چاہے وہ زیور کی شکل میں ہو یا رکھا ہوا ہو، اور چاہے اسے اکثر پہنا جائے یا کبھی کبھار۔ اس کی دلیل وہ حدیث ہے جس میں نبی کریم ﷺ نے ایک خاتون سے، جس کی بیٹی نے سونے کے دو بھاری کنگن پہنے ہوئے تھے، پوچھا کہ کیا تم ان کی زکوٰۃ دیتی ہو (سنن ابی داؤد)۔ شافعی، مالکی اور حنبلی مسالک عام استعمال کے زیور پر زکوٰۃ واجب نہیں کرتے، لیکن یہاں حنفی قول پر عمل ہے اور یہی زیادہ احتیاط والا ہے۔',
      'سونے کا نصاب 87.48 گرام اور چاندی کا نصاب 612.36 گرام ہے۔ آپ کا ساٹھ گرام سونا اکیلے سونے کے نصاب سے کم ہے، لیکن حنفی مسلک میں سونا، چاندی، نقدی اور تجارتی مال ملا کر دیکھے جاتے ہیں، اور جب یہ ملے ہوں تو چاندی کا نصاب معتبر ہوتا ہے۔ چونکہ آپ کے پاس بچت بھی ہے، اس لیے غالب امکان ہے کہ مجموعہ چاندی کے نصاب سے زیادہ ہوگا، لہٰذا قمری سال گزرنے پر پوری رقم پر ڈھائی فیصد زکوٰۃ واجب ہوگی۔',
      'زیورات کی قیمت زکوٰۃ کے دن سونے کے اس بھاؤ سے لگائیں جس پر اسے بیچا جا سکے، بنوائی اور نگینوں کی قیمت شامل کیے بغیر۔ زیورات آپ کی ملکیت ہیں، اس لیے زکوٰۃ آپ کے ذمے ہے، البتہ آپ کی اجازت سے شوہر یا خاندان کا کوئی فرد آپ کی طرف سے ادا کر سکتا ہے۔',
      'واللہ اعلم۔',
    ),
    categories: ['Zakat'],
    status: 'published',
    askerName: 'Ayesha',
    daysAgo: 87,
  },
  {
    key: 'drowsy-wudu',
    language: 'ur',
    question:
      'کیا بیٹھے بیٹھے اونگھ آ جانے سے وضو ٹوٹ جاتا ہے؟ جمعہ کے خطبے کے دوران اکثر مجھے اونگھ آ جاتی ہے۔',
    answer: paras(
      'حنفی مسلک میں نیند بذاتِ خود وضو نہیں توڑتی، بلکہ وہ نیند وضو توڑتی ہے جس میں جسم ڈھیلا پڑ جائے اور بیٹھنے کی جگہ زمین پر جمی نہ رہے، جیسے لیٹ کر، کروٹ پر، یا کسی چیز سے اس طرح ٹیک لگا کر سونا کہ اگر وہ چیز ہٹا لی جائے تو آدمی گر پڑے۔',
      'اگر آپ زمین پر جم کر بیٹھے ہوں اور ہلکی اونگھ آ جائے، جس میں آس پاس کی بات سنائی دیتی رہے، تو وضو نہیں ٹوٹتا۔ صحابہ کرام رضی اللہ عنہم عشاء کی نماز کے انتظار میں بیٹھے بیٹھے اونگھ جاتے تھے، پھر وضو کیے بغیر نماز پڑھ لیتے تھے (صحیح مسلم)۔',
      'البتہ خطبہ غور سے سننا واجب ہے، اس لیے اونگھ سے بچنے کی کوشش کیجیے: رات کو جلدی سوئیے اور جمعہ سے پہلے تازہ وضو کر کے آئیے۔ اگر شک ہو کہ نیند گہری تھی تو احتیاطاً دوبارہ وضو کر لینا بہتر ہے۔',
      'واللہ اعلم۔',
    ),
    categories: ['Purification'],
    status: 'published',
    askerName: 'Muhammad Salim',
    daysAgo: 33,
  },
  {
    translationOf: 'drowsy-wudu',
    language: 'bn',
    question: 'বসে বসে তন্দ্রা এলে কি অজু ভেঙে যায়? জুমার খুতবার সময় প্রায়ই আমার তন্দ্রা আসে।',
    answer: paras(
      'হানাফি মাযহাবে ঘুম নিজে অজু ভাঙে না; বরং এমন ঘুম অজু ভাঙে যাতে শরীর ঢিলে হয়ে যায় এবং বসার স্থান মাটিতে স্থির থাকে না, যেমন শুয়ে, কাত হয়ে, অথবা কোনো কিছুতে এমনভাবে হেলান দিয়ে ঘুমানো যে তা সরিয়ে নিলে মানুষটি পড়ে যাবে।',
      'আপনি যদি মাটিতে স্থির হয়ে বসে থাকেন এবং হালকা তন্দ্রা আসে, যাতে আশপাশের কথা শোনা যায়, তবে অজু ভাঙে না। সাহাবায়ে কেরাম (রাদিয়াল্লাহু আনহুম) এশার নামাজের অপেক্ষায় বসে বসে ঝিমাতেন, তারপর নতুন অজু না করেই নামাজ পড়তেন (সহিহ মুসলিম)।',
      'তবে খুতবা মনোযোগ দিয়ে শোনা ওয়াজিব, তাই তন্দ্রা থেকে বাঁচার চেষ্টা করুন: রাতে তাড়াতাড়ি ঘুমান এবং জুমার আগে নতুন করে অজু করে আসুন। ঘুম গভীর ছিল বলে সন্দেহ হলে সাবধানতার জন্য আবার অজু করে নেওয়াই উত্তম।',
      'আল্লাহই সর্বাধিক জানেন।',
    ),
    categories: ['Purification'],
    status: 'published',
    daysAgo: 32,
  },
  {
    translationOf: 'diabetes-fasting',
    language: 'bn',
    question:
      'আমার টাইপ ২ ডায়াবেটিস আছে; দিনে দুবার ট্যাবলেট আর রাতে ইনসুলিন নিই। ডাক্তার বলেছেন ওষুধের সময় বদলে নিলে আমি রোজা রাখতে পারব। ইনসুলিন ইনজেকশনে কি রোজা ভেঙে যায়, আর সুগার কমে গেলে কি রোজা ভাঙতে পারি?',
    answer: paras(
      'রমজানের রোজা প্রত্যেক সক্ষম প্রাপ্তবয়স্ক মুসলিমের উপর ফরজ (সূরা আল-বাকারা ২:১৮৩), আর অসুস্থদের জন্য আল্লাহ ছাড় দিয়েছেন: "তোমাদের মধ্যে যে অসুস্থ বা সফরে থাকে, সে অন্য দিনে সমান সংখ্যা পূর্ণ করবে" (সূরা আল-বাকারা ২:১৮৪)। কোনো বিশ্বস্ত ও দক্ষ ডাক্তার যদি বলেন যে ওষুধের সময় বদলে আপনি নিরাপদে রোজা রাখতে পারবেন, তবে আপনার রোজা রাখা উচিত। সাহরি ও ইফতারে ট্যাবলেট খেলে রোজার কোনো ক্ষতি হয় না।',
      'দিনের বেলা ইনসুলিন ইনজেকশন সম্পর্কে উপমহাদেশের হানাফি আলেমসহ অনেক সমসাময়িক আলেম বলেন, চামড়ার নিচে বা মাংসপেশিতে দেওয়া ইনজেকশনে রোজা ভাঙে না, কারণ ওষুধ কোনো স্বাভাবিক পথ দিয়ে পেটে পৌঁছায় না। কিছু আলেম সতর্কতার পরামর্শ দেন, তাই ডাক্তার অনুমতি দিলে ইনজেকশন সাহরি ও ইফতারের সময়ে নেওয়াই ভালো। দিনের বেলা মুখে খাওয়া ট্যাবলেট বা যেকোনো ওষুধে রোজা ভেঙে যায়।',
      'সুগার যদি বিপজ্জনক মাত্রায় নেমে যায়, বা ক্ষতির যুক্তিসংগত আশঙ্কা থাকে, তবে রোজা ভেঙে ফেলা আবশ্যক, কারণ স্বাস্থ্য রক্ষা করা কর্তব্য। পরে সেই দিনের কাজা করবেন; কোনো কাফফারা লাগবে না। ডাক্তার যদি দেখেন যে আপনি স্থায়ীভাবে রোজা রাখতে অক্ষম, তবে প্রতিটি রোজার বদলে ফিদিয়া দেবেন। চিকিৎসা বদলালে আপনার ডাক্তার ও স্থানীয় আলেমকে জানিয়ে রাখুন।',
      'আল্লাহই সর্বাধিক জানেন।',
    ),
    categories: ['Fasting'],
    status: 'published',
    askerName: 'Abdul Rahim',
    daysAgo: 40,
  },
];

/** A delivery zone of the demo, beside the default "Rest of India" the migration made (docs/decisions/052). */
export interface DemoDeliveryZone {
  name: string;
  chargePerPairPaise: number;
  minDays: number;
  maxDays: number;
  serviceable: boolean;
  codAvailable: boolean;
  /** Pincode ranges, both ends included. */
  ranges: [number, number][];
}

export const DEMO_DELIVERY_ZONES: DemoDeliveryZone[] = [
  {
    name: 'Delhi NCR',
    chargePerPairPaise: 4000,
    minDays: 1,
    maxDays: 3,
    serviceable: true,
    codAvailable: true,
    ranges: [[110001, 110099]],
  },
  {
    name: 'Islands (not served yet)',
    chargePerPairPaise: 5000,
    minDays: 10,
    maxDays: 20,
    serviceable: false,
    codAvailable: false,
    ranges: [[744101, 744304]],
  },
];

/** A coupon of the demo (docs/decisions/051): percent (1–100) or fixed (paise) off the subtotal. */
export interface DemoCoupon {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  minOrderPaise?: number;
  maxUsesPerCustomer?: number | null;
}

export const DEMO_COUPONS: DemoCoupon[] = [{ code: 'WELCOME10', kind: 'percent', value: 10 }];
