export * from './constants';
export * from './money';
export * from './pricing';
export * from './dates';
export * from './images';
export * from './schemas/common';
export * from './schemas/books';
export * from './schemas/auth';
