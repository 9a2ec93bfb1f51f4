import { formatBRL } from '@pulsa/shared/format/money';
import { Skeleton } from '@/components/ui/skeleton';
import { usePricing } from '../api/get-pricing';
import { useSpecialties } from '../api/get-specialties';
import { CATALOG_TEXT } from '../texts';

const integer = new Intl.NumberFormat('pt-BR');

/**
 * The hero's numbers, read live from the catalogue: approved doctors, specialties with doctors and
 * the lowest price. Never a fixed "1000+": with no doctors yet it says so.
 */
export function CatalogHighlights() {
  const pricing = usePricing();
  const specialties = useSpecialties();

  if (pricing.isPending || specialties.isPending) {
    return (
      <div aria-hidden className="grid grid-cols-3 gap-4 sm:max-w-lg">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
    );
  }
  // The hero stands without numbers; the sections below show their own errors.
  if (pricing.isError || specialties.isError) return null;

  const { doctorCount, minPrice } = pricing.data;
  if (doctorCount === 0 || minPrice === null) {
    return <p className="max-w-lg text-muted-foreground text-sm">{CATALOG_TEXT.highlights.noDoctors}</p>;
  }
  const withDoctors = specialties.data.filter((s) => s.doctorCount > 0).length;
  const items = [
    { value: integer.format(doctorCount), label: CATALOG_TEXT.highlights.doctors(doctorCount) },
    { value: integer.format(withDoctors), label: CATALOG_TEXT.highlights.specialties(withDoctors) },
    { value: formatBRL(minPrice), label: CATALOG_TEXT.highlights.fromPrice },
  ];
  return (
    <dl className="grid grid-cols-3 gap-4 sm:max-w-lg">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse gap-1">
          <dt className="text-muted-foreground text-xs leading-snug sm:text-sm">{item.label}</dt>
          <dd className="font-bold text-xl tracking-tight sm:text-2xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
