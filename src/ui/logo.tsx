import styled from 'styled-components';
// Inlined into the script as a data address: the mark shows in the first paint with no
// request of its own (a plain /logo.svg was fetched, or revalidated, once per header).
import logoUrl from './logo.svg?inline';

const Img = styled.img<{ $sizePx: number }>`
  width: ${({ $sizePx }) => $sizePx}px;
  height: ${({ $sizePx }) => $sizePx}px;
  border-radius: ${({ $sizePx }) => Math.round($sizePx * 0.25)}px;
`;

/**
 * The product mark (logo.svg beside this file; also the favicon). Decorative: callers name
 * the control around it.
 */
export function Logo({ sizePx = 32 }: { sizePx?: number }) {
  return <Img src={logoUrl} alt="" $sizePx={sizePx} width={sizePx} height={sizePx} />;
}

/** The product name; a brand, so it is not translated. */
export const PRODUCT_NAME = 'TradeWallet';
