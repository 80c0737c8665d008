import type { ThemeConfig } from 'antd';

/** The portal's one theme: every colour, radius and font the UI uses comes from here. */
export const BRAND = {
  primary: '#0b5cab',
  headerBackground: '#0f2744',
  pageBackground: '#f3f5f8',
} as const;

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"PingFang TC"',
  '"PingFang SC"',
  '"Microsoft JhengHei"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK TC"',
  '"Noto Sans CJK SC"',
  'sans-serif',
].join(', ');

/**
 * The class antd's elements carry and its CSS variables are declared on: an element drawn with
 * antd's classes outside antd's tree (the portal's menu, in the document's body) carries it too.
 */
export const THEME_CLASS = 'portal';

export const theme: ThemeConfig = {
  cssVar: { key: THEME_CLASS },
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorBgLayout: BRAND.pageBackground,
    // antd's defaults (45% black) fail WCAG AA contrast for secondary text; 65% passes at 7:1.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    // Placeholders ("All", "Choose the merchant", the pickers' dates) of every input, select and picker
    // read this token: antd's 25% black (#bfbfbf on white, 1.83:1) fails WCAG 2.2 AA; 56% is #707070,
    // 4.95:1 on white, and still lighter than entered text (88%), so a placeholder does not pass for a value.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // antd's red (#ff4d4f) and green (#52c41a) as text on white fail AA; these darker ones pass (5.9:1, 6.4:1).
    colorError: '#cf1322',
    colorSuccess: '#237804',
    // The palette antd derives from that dark green gives success alerts a murky grey (#adb8a5): its own light ones instead.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    // antd's gold (#faad14) as a warning tag's text on its own light background is 1.8:1 ("expires within
    // 30 days" on Merchant information); its ninth step passes AA at 6.5:1, with antd's light background and border kept.
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
  },
  components: {
    Layout: { headerBg: BRAND.headerBackground, headerHeight: 56, headerPadding: '0 24px' },
  },
};
