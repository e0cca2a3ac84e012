import { useQuery } from '@tanstack/react-query';
import { FairnessStats, ReceiptsFile } from '../../common/contract';
import { api } from './api-client';

/**
 * The fairness record (GET /api/getFairnessStats, no token) and the user's receipts file
 * (GET /api/downloadTradeReceipts). The figures change slowly (the server caches them for
 * ten minutes), so they are read once and kept that long.
 */
const FAIRNESS_STALE_MS = 10 * 60_000;

export function useFairnessStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['fairnessStats'] as const,
    queryFn: ({ signal }) =>
      api.get('/getFairnessStats', FairnessStats, { signal, retries: 0, auth: 'none' }),
    staleTime: FAIRNESS_STALE_MS,
    enabled,
  });
}

/**
 * Fetches the user's receipts file and hands it to the browser as a download
 * ("trade-receipts-YYYY-MM-DD.json"), formatted for reading.
 */
export async function downloadTradeReceipts(): Promise<void> {
  const file = await api.get('/downloadTradeReceipts', ReceiptsFile, { retries: 0 });
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `trade-receipts-${file.exportedAt.slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the data over; give the browser a moment before letting go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
