export { relevance, words } from './text-match';
