import { useParams } from 'react-router';
import { DoctorDetailPage } from '@/features/doctor-verification/components/doctor-detail-page';

export function Component() {
  const { doctorId = '' } = useParams();
  return <DoctorDetailPage key={doctorId} doctorId={doctorId} />;
}
