import { useParams } from 'react-router';
import { CheckoutPage } from '@/features/booking/components/checkout-page';

export function Component() {
  const { id = '' } = useParams();
  // A new address is a new checkout: nothing of the previous one's state carries over.
  return <CheckoutPage key={id} appointmentId={id} />;
}
