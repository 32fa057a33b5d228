import type { MailCatalogue } from './en';

/** The mails' messages in Urdu (read right to left; the values that run left to right are isolated by i18n.ts). */
export const ur: MailCatalogue = {
  'greeting.named': 'السلام علیکم {name}،',
  'greeting.plain': 'السلام علیکم،',
  'label.value': '{label}: {value}',

  'order.confirmation.subject': 'آپ کا آرڈر {orderNumber}',
  'order.confirmation.thanks':
    '{date} کو دیے گئے آپ کے آرڈر {orderNumber} کا شکریہ۔ ہمیں آپ کی ادائیگی موصول ہو گئی ہے۔',
  'order.confirmation.thanksCod':
    '{date} کو دیے گئے آپ کے آرڈر {orderNumber} کا شکریہ۔ ادائیگی ڈیلیوری کے وقت نقد ہوگی۔',
  'order.confirmation.item': '{quantity} × {name} ({author}) — {price}',
  'order.confirmation.itemInEdition': '{quantity} × {name}، {edition} ({author}) — {price}',
  'order.confirmation.edition': '{language} ایڈیشن',
  'book.language.english': 'انگریزی',
  'book.language.urdu': 'اردو',
  'book.language.bengali': 'بنگلہ',
  'book.language.arabic': 'عربی',
  'book.language.hindi': 'ہندی',
  'order.confirmation.subtotal': 'ذیلی کل',
  'order.confirmation.delivery': 'ترسیل کے اخراجات',
  'order.confirmation.total': 'کل',
  'order.confirmation.address': 'ترسیل کا پتہ:',
  'order.confirmation.landmark': 'نشانی: {landmark}',
  'order.confirmation.discount': 'کوپن {code}',
  'order.confirmation.codFee': 'کیش آن ڈیلیوری فیس',
  'order.confirmation.payCod': 'ڈیلیوری کے وقت {amount} نقد ادا کریں۔',
  'order.confirmation.expected': 'متوقع ترسیل {date} تک۔',
  'order.confirmation.next': 'جب آپ کی کتابیں روانہ ہوں گی تو ہم آپ کو دوبارہ لکھیں گے۔',
  'order.yourOrders': 'آپ کے آرڈر: {link}',

  'order.delivered.subject': 'آپ کا آرڈر {orderNumber} پہنچا دیا گیا ہے',
  'order.delivered.body':
    'آپ کا آرڈر {orderNumber} پہنچا دیا گیا ہے۔ ہمیں امید ہے کہ یہ کتابیں آپ کے لیے نفع بخش ہوں گی۔',
  'order.shipped.subject': 'آپ کا آرڈر {orderNumber} روانہ ہو گیا ہے',
  'order.shipped.body': 'آپ کا آرڈر {orderNumber} روانہ کر دیا گیا ہے۔',
  'order.shipped.provider': 'شپنگ کمپنی: {provider}',
  'order.shipped.trackingNumber': 'ٹریکنگ نمبر: {trackingNumber}',
  'order.shipped.trackingUrl': 'یہاں ٹریک کریں: {url}',
  'order.shipped.trackLink': 'اپنا پارسل ٹریک کریں',
  'order.shipped.estimated': 'متوقع ترسیل: {date}',

  'refund.days': '5 سے 7 کاروباری دنوں',
  'refund.started.subject': 'آپ کے آرڈر {orderNumber} کے {amount} کی واپسی',
  'refund.started.body':
    'ہم نے آپ کے آرڈر {orderNumber} کے {amount} اسی کارڈ یا اکاؤنٹ میں واپس کر دیے ہیں جس سے آپ نے ادائیگی کی تھی۔ آپ کے بینک کے لحاظ سے یہ رقم {days} میں آپ تک پہنچ جائے گی۔',
  'refund.cancelled.subject': 'آپ کا آرڈر {orderNumber} منسوخ کر دیا گیا ہے',
  'refund.cancelled.body': 'آپ کا آرڈر {orderNumber} منسوخ کر دیا گیا ہے۔',
  'refund.cancelled.reason': 'وجہ: {reason}',
  'refund.cancelled.refunded':
    'ہم نے {amount} اسی کارڈ یا اکاؤنٹ میں واپس کر دیے ہیں جس سے آپ نے ادائیگی کی تھی۔ آپ کے بینک کے لحاظ سے یہ رقم {days} میں آپ تک پہنچ جائے گی۔',
  'refund.cancelled.later': 'رقم واپس ہوتے ہی ہم آپ کو دوبارہ لکھیں گے۔',
  'refund.yourOrder': 'آپ کا آرڈر: {link}',
  'refund.seeOrder': 'اپنا آرڈر دیکھیں',
  'return.received.subject': 'آرڈر {orderNumber} کے بارے میں آپ کی درخواست ہمیں مل گئی ہے',
  'return.received.return': 'آپ کے آرڈر {orderNumber} کی کتابیں واپس کرنے کی آپ کی درخواست ہمیں مل گئی ہے:',
  'return.received.cancel': 'آپ کا آرڈر {orderNumber} منسوخ کرنے کی آپ کی درخواست ہمیں مل گئی ہے۔',
  'return.item': '{quantity} × {name}',
  'return.reason': 'آپ کی وجہ: {reason}',
  'return.received.next': 'ہم اسے دیکھ کر آپ کو دوبارہ ای میل کریں گے۔',
  'return.approved.subject': 'آرڈر {orderNumber} کی واپسی منظور ہو گئی ہے',
  'return.approved.sendBack':
    'ہم نے آرڈر {orderNumber} کی واپسی منظور کر لی ہے۔ براہِ کرم کتابیں اچھی طرح پیک کر کے، پارسل پر اپنا آرڈر نمبر لکھ کر، ہمیں واپس بھیج دیں۔',
  'return.approved.refundLater': 'کتابیں ہم تک پہنچتے ہی ہم آپ کو رقم واپس کر دیں گے اور آپ کو اطلاع دیں گے۔',
  'return.refunded.subject': 'آرڈر {orderNumber} کی واپسی کی رقم لوٹا دی گئی ہے',
  'return.refunded.body':
    'آرڈر {orderNumber} کی واپس کی گئی کتابیں ہمیں مل گئی ہیں، اور ہم نے {amount} اسی کارڈ یا اکاؤنٹ میں واپس کر دیے ہیں جس سے آپ نے ادائیگی کی تھی۔ آپ کے بینک کے لحاظ سے یہ رقم {days} میں آپ تک پہنچ جائے گی۔',
  'return.refunded.byHand':
    'آرڈر {orderNumber} کی واپس کی گئی کتابیں ہمیں مل گئی ہیں۔ آپ نے نقد ادائیگی کی تھی، اس لیے ہم {amount} {days} کے اندر براہِ راست آپ کو واپس کریں گے؛ ہم اس بارے میں آپ سے رابطہ کریں گے۔',
  'return.declined.subject': 'آرڈر {orderNumber} کے بارے میں آپ کی درخواست',
  'return.declined.body': 'معذرت: ہم آرڈر {orderNumber} کے بارے میں آپ کی درخواست قبول نہیں کر سکتے۔',
  'return.declined.reason': 'ہماری وجہ: {reason}',

  'fatwah.answered.subject': 'آپ کے سوال {reference} کا جواب دے دیا گیا ہے',
  'fatwah.answered.body': 'ہمارے علما نے آپ کے سوال {reference} کا جواب دے دیا ہے:',
  'fatwah.answered.quote': '“{question}”',
  'fatwah.answered.readHere': 'جواب یہاں پڑھیں: {link}',
  'fatwah.answered.read': 'جواب پڑھیں',
  'fatwah.answered.why':
    'یہ ای میل آپ کو ایک ہی بار بھیجی گئی ہے، کیونکہ آپ نے سوال کے ساتھ اپنا ای میل دیا تھا۔',

  'password.reset.subject': 'اپنا پاس ورڈ دوبارہ ترتیب دیں',
  'password.reset.intro':
    'کسی نے (امید ہے آپ ہی نے) آپ کے اکاؤنٹ کا پاس ورڈ دوبارہ ترتیب دینے کی درخواست کی ہے۔ نیا پاس ورڈ منتخب کرنے کے لیے یہ لنک کھولیں:',
  'password.reset.link': 'اپنا پاس ورڈ دوبارہ ترتیب دیں',
  'password.reset.terms':
    'یہ لنک ایک ہی بار کام کرتا ہے اور ایک گھنٹے میں ختم ہو جاتا ہے۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر سکتے ہیں۔',
  'password.changed.subject': 'آپ کا پاس ورڈ تبدیل کر دیا گیا',
  'password.changed.intro':
    'آپ کے دار العلم اکاؤنٹ کا پاس ورڈ تبدیل کر دیا گیا، اور جن دوسرے آلات پر یہ اکاؤنٹ سائن اِن تھا ان سب سے سائن آؤٹ کر دیا گیا۔',
  'password.changed.warning':
    'اگر یہ تبدیلی آپ نے نہیں کی تو فوراً لاگ اِن کے صفحے پر "پاس ورڈ بھول گئے؟" سے اپنا پاس ورڈ دوبارہ ترتیب دیں، اور ہم سے رابطہ کریں (ہمارا ای میل اور فون نمبر سائٹ کے ہر صفحے کے نیچے درج ہے)۔',

  'email.changed.subject': 'آپ کا ای میل پتہ تبدیل کر دیا گیا',
  'email.changed.intro':
    'آپ کے دار العلم اکاؤنٹ کا ای میل پتہ {oldEmail} سے بدل کر {newEmail} کر دیا گیا ہے۔',
  'email.changed.warning':
    'اگر یہ تبدیلی آپ نے نہیں کی تو ممکن ہے کسی اور کو آپ کا پاس ورڈ معلوم ہو: فوراً ہم سے رابطہ کریں (ہمارا ای میل اور فون نمبر سائٹ کے ہر صفحے کے نیچے درج ہے)، تاکہ ہم اکاؤنٹ آپ کو واپس دلا سکیں۔',

  // Subscriptions by email to new answers and articles (docs/decisions/048).
  'subscription.confirm.subject': 'دار العلم کی رکنیت کی تصدیق کیجیے',
  'subscription.confirm.body':
    'آپ نے اس پتے پر دار العلم سے {topics} {frequency} حاصل کرنے کی درخواست کی ہے۔',
  'subscription.confirm.here': 'اپنی رکنیت کی تصدیق یہاں کیجیے: {link}',
  'subscription.confirm.action': 'میری رکنیت کی تصدیق کیجیے',
  'subscription.confirm.ignore':
    'اگر یہ درخواست آپ نے نہیں کی تو اس ای میل کو نظر انداز کر دیجیے: آپ کو مزید کچھ نہیں بھیجا جائے گا۔',
  'subscription.topics.both': 'نئے جوابات (فتاویٰ) اور نئے مضامین',
  'subscription.topics.fatwahs': 'نئے جوابات (فتاویٰ)',
  'subscription.topics.articles': 'نئے مضامین',
  'subscription.frequency.immediate': 'ہر ایک کی اشاعت پر ایک ای میل کے ذریعے',
  'subscription.frequency.weekly': 'ہفتہ وار خلاصے میں',
  'subscription.fatwah.subject': 'نیا جواب: {title}',
  'subscription.article.subject': 'نیا مضمون: {title}',
  'subscription.fatwah.intro': 'ہمارے علما نے ایک نیا جواب شائع کیا ہے:',
  'subscription.article.intro': 'ایک نیا مضمون شائع ہوا ہے:',
  'subscription.item.readHere': 'یہاں پڑھیں: {link}',
  'subscription.item.read': 'پڑھیں',
  'subscription.digest.subject': 'دار العلم میں اس ہفتے: {count} نئی تحریریں',
  'subscription.digest.intro': '{date} سے شروع ہونے والے ہفتے میں شائع شدہ:',
  'subscription.digest.fatwahs': 'نئے جوابات',
  'subscription.digest.articles': 'نئے مضامین',
  'subscription.footer.why':
    'آپ کو یہ ای میل اس لیے ملی ہے کہ آپ نے ای میل کے ذریعے دار العلم کی رکنیت لی ہے۔',
  'subscription.footer.unsubscribeHere': 'رکنیت ختم کریں: {link}',
  'subscription.footer.unsubscribe': 'رکنیت ختم کریں',
  'backInStock.subject': '{title} دوبارہ دستیاب ہے',
  'backInStock.edition': '{name} ({language} ایڈیشن)',
  'backInStock.body': 'خوش خبری: {title}، جس کے بارے میں آپ نے پوچھا تھا، دوبارہ دستیاب ہے۔',
  'backInStock.orderHere': 'یہاں آرڈر کریں: {link}',
  'backInStock.order': 'ابھی آرڈر کریں',
  'backInStock.once':
    'یہ ای میل صرف ایک بار بھیجی گئی ہے، کیونکہ آپ نے کتاب کے دوبارہ آنے کی اطلاع مانگی تھی۔ نسخے پھر ختم ہو سکتے ہیں۔',
  'order.track': 'اپنا آرڈر اور اس کی صورتِ حال یہاں دیکھیں: {link}',
  'order.trackLink': 'اپنا آرڈر دیکھیں',
  'emailProof.subject': 'اپنی ای میل کی تصدیق کریں',
  'emailProof.intro':
    'براہِ کرم تصدیق کریں کہ یہ آپ کا ای میل پتہ ہے۔ اس کے بعد اس ای میل سے بطور مہمان دیے گئے آپ کے آرڈر آپ کے اکاؤنٹ میں نظر آئیں گے۔',
  'emailProof.confirmHere': 'اپنی ای میل کی تصدیق کریں: {link}',
  'emailProof.confirm': 'میری ای میل کی تصدیق کریں',
  'emailProof.terms':
    'یہ لنک صرف ایک بار اور 48 گھنٹوں کے اندر کام کرتا ہے۔ اگر آپ نے ہمارے ہاں اکاؤنٹ نہیں بنایا تو اس ای میل کو نظر انداز کر دیں۔',
  'invite.subject.admin': 'آپ کو دار العلم کا ایڈمن بننے کی دعوت دی گئی ہے',
  'invite.subject.staff': 'آپ کو دار العلم کے عملے میں شامل ہونے کی دعوت دی گئی ہے',
  'invite.work.admin': 'بطور ایڈمن',
  'invite.work.scholar': 'بطور عالم (فتاویٰ اور مضامین)',
  'invite.work.shop': 'دکان کے لیے (کتابیں اور آرڈر)',
  'invite.intro': '{inviter} نے آپ کو {work} دار العلم کی ویب سائٹ کے انتظام میں مدد کی دعوت دی ہے۔',
  'invite.how': 'اپنا نام اور پاس ورڈ منتخب کرنے کے لیے یہ لنک کھولیں:',
  'invite.accept': 'دعوت قبول کریں',
  'invite.terms':
    'یہ لنک ایک بار کام کرتا ہے اور {days} دن میں ختم ہو جائے گا۔ اگر آپ کو اس کی توقع نہیں تھی تو اس ای میل کو نظر انداز کر دیں۔',
};
