export { AdminReviewsPage } from './components/admin-reviews-page';
export { DoctorReviewsCard } from './components/doctor-reviews-card';
export { RatingBadge, ReviewItem, Stars } from './components/stars';
export { REVIEWS_TEXT } from './texts';
