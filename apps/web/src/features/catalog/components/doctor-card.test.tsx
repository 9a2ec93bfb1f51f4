// @vitest-environment jsdom
import type { PublicDoctor } from '@pulsa/shared/schemas/catalog';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/app';
import { CATALOG_TEXT } from '../texts';
import { DoctorCard } from './doctor-card';

const T = CATALOG_TEXT.doctor;

const DOCTOR: PublicDoctor = {
  id: 'd1',
  name: 'Dra. Nádia Souza',
  photoUrl: null,
  crmNumber: '123456',
  crmState: 'SP',
  consultationPrice: 15000,
  bio: null,
  slug: 'dra-nadia-souza-crm-sp-123456',
  rating: { average: null, count: 0 },
  bookable: true,
};

describe('DoctorCard', () => {
  it('offers "Agendar consulta" for a doctor with a free slot', () => {
    renderWithApp(<DoctorCard doctor={DOCTOR} bookingHref="/login?next=x" />);
    expect(screen.getByRole('link', { name: T.bookWith(DOCTOR.name) })).toBeInTheDocument();
  });

  it('offers no booking for a doctor with no free slot in their horizon, and says why', () => {
    renderWithApp(<DoctorCard doctor={{ ...DOCTOR, bookable: false }} bookingHref="/login?next=x" />);
    expect(screen.queryByRole('link', { name: T.bookWith(DOCTOR.name) })).not.toBeInTheDocument();
    expect(screen.getByText(T.notBookable)).toBeInTheDocument();
  });
});
