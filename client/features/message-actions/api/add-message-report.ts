import type { NewReportBody } from '../../../../shared/schemas/reports';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../../lib/solve-captcha';

type NewReport = Pick<NewReportBody['report'], 'messageId' | 'content' | 'email'>;

/** POST /api/messageReport (docs/product.md §7): `{report, captcha}`, open to guests. */
const postMessageReport = (report: NewReport, captcha: string) =>
  apiFetch<unknown>('/api/messageReport', { method: 'POST', body: { report, captcha } });

/** A report on a message, the captcha solved once the form is valid (docs/product.md §5). */
export function useAddMessageReport(messageId: number) {
  const status = useLoadStatus(Section.AddMessageReport, messageId);
  const send = (input: Omit<NewReport, 'messageId'>) => {
    trackEvent('report_message');
    return trackLoad(
      Section.AddMessageReport,
      async () => postMessageReport({ ...input, messageId }, await solveCaptcha()),
      messageId,
    );
  };
  return { status, send };
}
