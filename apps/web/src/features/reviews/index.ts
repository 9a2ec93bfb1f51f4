export { RatingBadge, ReviewItem, Stars } from './components/stars';
export { REVIEWS_TEXT } from './texts';
