import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { RequestStatus } from '../../../common/contract';
import type { AppTheme } from '../../ui/theme';
import { theme } from '../../ui/theme';

/** One request's status: a context of its own, since list tabs use the same words. */
const STATUS_LABELS: Record<RequestStatus, MessageDescriptor> = {
  Pending: msg({ message: 'Pending', context: 'request status' }),
  Completed: msg({ message: 'Completed', context: 'request status' }),
  Rejected: msg({ message: 'Rejected', context: 'request status' }),
};

/** The translated name of a status; a status this app does not know is shown as sent. */
export function useStatusLabel(): (status: string) => string {
  const { i18n } = useLingui();
  return (status) =>
    Object.hasOwn(STATUS_LABELS, status) ? i18n._(STATUS_LABELS[status as RequestStatus]) : status;
}

export function statusColor(theme: AppTheme, status: string): string {
  if (status === 'Completed') return theme.colors.success;
  if (status === 'Rejected') return theme.colors.danger;
  if (status === 'Pending') return theme.colors.warning;
  return theme.colors.textFaint;
}

/** A dot in the status's colour, named by the status for assistive technology. */
export function StatusDot({ status }: { status: string }) {
  const label = useStatusLabel()(status);
  return <Dot $status={status} role="img" aria-label={label} title={label} />;
}

const Dot = styled.span<{ $status: string }>`
  display: inline-block;
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $status }) => statusColor(theme, $status)};
  box-shadow: 0 0 0 3px ${({ theme, $status }) => `${statusColor(theme, $status)}33`};
`;

/** The status as coloured text: a dot and its name. */
export function StatusText({ status }: { status: string }) {
  const label = useStatusLabel()(status);
  return (
    <Text $status={status}>
      <Dot $status={status} aria-hidden="true" />
      {label}
    </Text>
  );
}

const Text = styled.span<{ $status: string }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${({ theme, $status }) => statusColor(theme, $status)};
  font-weight: ${theme.fontWeights.semibold};
`;
