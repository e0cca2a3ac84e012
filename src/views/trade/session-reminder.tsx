import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { microsFromWire } from '../../../common/money';
import { useAppActor } from '../../machines/actors';
import { sessionReminderMachine } from '../../machines/session-reminder.machine';
import { useSessionResult, useTradingLimits } from '../../services/limits-queries';
import { endTradeSession, tradeSessionStart } from '../../services/trade-session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formatSignedMicros } from '../../ui/money';
import { theme } from '../../ui/theme';

/**
 * The session reminder on /trade (docs/product.md, "Trading limits"): only with a reminder
 * chosen on the limits page. A line shows the session's time and net result; each interval
 * a dialog shows them with "Continue" or "Stop" (leaves the trade screens for home and ends
 * the session).
 */
export function SessionReminder() {
  const limits = useTradingLimits();
  const minutes = limits.data?.sessionReminderMinutes ?? null;
  if (minutes === null) return null;
  return <SessionReminderRunner intervalMinutes={minutes} />;
}

/** "1:05:09" or "12:34": hours only when there are some. */
function elapsedText(elapsedMs: number): string {
  const totalS = Math.floor(elapsedMs / 1000);
  const hours = Math.floor(totalS / 3600);
  const minutes = Math.floor((totalS % 3600) / 60);
  const seconds = totalS % 60;
  const mmss = `${String(minutes).padStart(hours > 0 ? 2 : 1, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

function SessionReminderRunner({ intervalMinutes }: { intervalMinutes: number }) {
  const [, navigate] = useLocation();
  const [{ startedAtMs, openedAtMs }] = useState(() => {
    const now = Date.now();
    return { startedAtMs: tradeSessionStart(now), openedAtMs: now };
  });
  const [logic] = useState(() =>
    sessionReminderMachine.provide({
      actions: {
        stopSession: () => {
          endTradeSession();
          navigate('/');
        },
      },
    }),
  );
  const actor = useAppActor(logic, {
    id: 'session-reminder',
    input: { startedAtMs, intervalMinutes, nowMs: openedAtMs },
  });
  useEffect(() => {
    actor.send({ type: 'INTERVAL', intervalMinutes });
  }, [actor, intervalMinutes]);
  const elapsedMs = useSelector(actor, (s) => s.context.elapsedMs);
  const reminding = useSelector(actor, (s) => s.matches('reminding'));
  const result = useSessionResult(new Date(startedAtMs).toISOString());
  const time = elapsedText(elapsedMs);
  const net = result.data ? `${formatSignedMicros(microsFromWire(result.data.net))} USDT` : '—';

  return (
    <>
      <Line data-testid="session-line">
        <span>
          <Trans>Session {time}</Trans>
        </span>
        <span>
          <Trans>Net result {net}</Trans>
        </span>
      </Line>
      <Dialog
        open={reminding}
        title={<Trans>Time for a break?</Trans>}
        footer={
          <>
            <Button variant="secondary" onClick={() => actor.send({ type: 'STOP' })}>
              <Trans>Stop</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'CONTINUE', nowMs: Date.now() })}>
              <Trans>Continue</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>
            You have been trading for {time}. Your net result in this session is {net}.
          </Trans>
        </p>
      </Dialog>
    </>
  );
}

const Line = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
`;
