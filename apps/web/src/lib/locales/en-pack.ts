// English, loaded only when a learner chooses it (the first page stays within budget).
export { en } from './en';
export { productTextsEn } from './product-texts-en';
