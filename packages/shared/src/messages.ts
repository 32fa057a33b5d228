/** Validation messages shared by the forms and the server (kept free of zod so pages stay small). */
export const MESSAGES = {
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  nameRequired: 'Please enter your name',
  addressRequired: 'Please fill all required fields',
  invalidPincode: 'Pincode must be exactly 6 digits',
  invalidState: 'Please choose a state from the list',
  currentPasswordRequired: 'Please enter your current password to change your email',
  currentPasswordWrong: 'Your current password is incorrect',
} as const;

export const FATWAH_MESSAGES = {
  questionRequired: 'Please enter your question',
  categoryRequired: 'Please select at least one category',
  adminQuestionRequired: 'Question is required',
  adminAnswerRequired: 'Answer is required for existing fatwahs',
  adminCategoryRequired: 'At least one category is required',
  answerBeforePublish: 'A fatwah needs an answer before it is published',
  submitted: 'Your question has been submitted successfully!',
} as const;

export const PAYMENT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  unavailable: 'Some books in your cart are no longer available. Please review your cart.',
  priceChanged: 'The price of a book in your cart has changed. Please check the new total before paying.',
  addressRequired: 'Please add a delivery address before making payment',
  contactRequired: 'Please fill all contact details',
  addressDetailsRequired: 'Please fill all address details',
  invalidParameters: 'Invalid payment parameters',
  verificationFailed: 'Payment verification failed',
  sessionExpired: 'Payment session expired. Please try again.',
} as const;
