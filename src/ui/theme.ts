/**
 * The one theme object of the app: a dark, mobile-first fintech look. Components read it
 * through styled-components (`props.theme`), never through hard-coded values.
 */
export const theme = {
  colors: {
    background: '#0b0e14',
    surface: '#131822',
    surfaceRaised: '#1a2030',
    surfaceHover: '#212839',
    border: '#263042',
    borderStrong: '#34405a',
    text: '#eef1f7',
    textMuted: '#97a1b6',
    textFaint: '#69738a',
    primary: '#6c7cff',
    primaryHover: '#8190ff',
    primaryText: '#ffffff',
    accent: '#1fc8e3',
    success: '#22c38e',
    successSoft: 'rgba(34, 195, 142, 0.14)',
    danger: '#f6465d',
    dangerSoft: 'rgba(246, 70, 93, 0.14)',
    warning: '#f5b041',
    warningSoft: 'rgba(245, 176, 65, 0.14)',
    focus: '#9ba7ff',
    overlay: 'rgba(4, 6, 10, 0.66)',
  },
  gradients: {
    brand: 'linear-gradient(135deg, #6c7cff 0%, #1fc8e3 100%)',
    card: 'linear-gradient(145deg, #27306b 0%, #16304a 55%, #12403f 100%)',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: '2.25rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radii: { sm: '8px', md: '12px', lg: '16px', xl: '24px', pill: '999px' },
  shadows: {
    raised: '0 8px 24px rgba(0, 0, 0, 0.35)',
    drawer: '8px 0 32px rgba(0, 0, 0, 0.5)',
  },
  sizes: {
    /** Minimum touch target, per platform guidelines. */
    touchPx: 44,
    contentMaxWidthPx: 480,
    /** The admin console's column on a desktop screen: tables and card grids need room. */
    consoleMaxWidthPx: 1120,
    headerHeightPx: 56,
    bottomBarHeightPx: 64,
    drawerMaxWidthPx: 320,
  },
  zIndices: { header: 10, bottomBar: 10, drawer: 30, toast: 40 },
  durations: { fastMs: 120, normalMs: 220 },
} as const;

export type AppTheme = typeof theme;
