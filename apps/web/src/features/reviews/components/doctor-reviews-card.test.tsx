// @vitest-environment jsdom
import { INPUT_MESSAGES } from '@pulsa/shared/schemas/common';
import { type DoctorReviewPage, doctorReviewsQuerySchema } from '@pulsa/shared/schemas/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, type Reply, renderWithApp } from '@/test/app';
import { REVIEWS_TEXT } from '../texts';
import { DoctorReviewsCard } from './doctor-reviews-card';

const T = REVIEWS_TEXT.doctor;

const PAGE: DoctorReviewPage = {
  items: [
    {
      id: '5a0b7d4e-3f7a-4f2c-9a55-0d5f0c1a7e11',
      rating: 5,
      comment: 'Muito atenciosa.',
      author: 'Maria S.',
      createdAt: '2026-11-01T12:00:00.000Z',
      reply: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
  pageCount: 1,
  rating: { average: 5, count: 1 },
};

/** The server's own rule on the query: what it refuses, the card must never ask. */
const asTheServerAnswers: Reply = (call) => {
  const query = Object.fromEntries(new URL(call.url, 'http://x').searchParams);
  const parsed = doctorReviewsQuerySchema.safeParse(query);
  return parsed.success ? { body: PAGE } : apiError(400, parsed.error.issues[0]?.message ?? 'inválido');
};

describe('DoctorReviewsCard', () => {
  it('asks for a page size the shared rule accepts and shows the reviews', async () => {
    mockApi({ 'GET /api/doctor/reviews': asTheServerAnswers });
    renderWithApp(<DoctorReviewsCard doctorName="Dra. Helena" />);
    expect(await screen.findByText(T.summary('5,0', 1))).toBeInTheDocument();
    expect(screen.getByText('Muito atenciosa.')).toBeInTheDocument();
    expect(screen.queryByText(INPUT_MESSAGES.invalidPageSize)).not.toBeInTheDocument();
  });

  it('shows a failure with a retry instead of an empty card', async () => {
    const api = mockApi({
      'GET /api/doctor/reviews': [apiError(500, 'Erro interno'), { body: PAGE }],
    });
    renderWithApp(<DoctorReviewsCard doctorName="Dra. Helena" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: REVIEWS_TEXT.retry }));
    expect(await screen.findByText('Muito atenciosa.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/doctor/reviews')).toHaveLength(2);
  });
});
