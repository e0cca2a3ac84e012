import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    color-scheme: dark;
  }

  body {
    margin: 0;
    min-height: 100dvh;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    -webkit-tap-highlight-color: transparent;
  }

  h1, h2, h3, h4, p { margin: 0; }
  ul, ol { margin: 0; padding: 0; list-style: none; }
  a { color: ${theme.colors.primaryHover}; text-decoration: none; }
  button, input, select, textarea { font: inherit; color: inherit; }
  img, svg { display: block; }
  /* Dates and times line up from row to row in lists, like every other figure. */
  time { font-variant-numeric: tabular-nums; }

  :focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 1ms !important;
      transition-duration: 1ms !important;
    }
  }
`;
