import type { ThemeConfig } from 'antd';

/** Darker text shades (`<color>7`, on `<color>1`) of the tag colours that fall short. */
const TAG_TEXT = { green: '#237804', orange: '#ad4e00', gold: '#874d00', cyan: '#006d75', volcano: '#ad2102', lime: '#3f6600' };

/**
 * Ant Design's default colours, made darker where they fall short of WCAG AA contrast, which asks
 * 4.5:1 for text. Against white, antd's defaults fall short in three places: its primary blue
 * (#1677ff) reaches 4.1:1 behind white text and in links, its grey for secondary text and labels
 * (#8c8c8c) 3.4:1, and its grey for placeholders and an empty table's words (#bfbfbf) only 1.8:1 of
 * the 4.5:1 needed.
 * The success, warning and error words are darker too, as is the text shade (`…7`) of each tag
 * colour the console uses. The axe test in the browser suite checks them (e2e/accessibility.spec.ts).
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // Status words on their light backgrounds (tags, alerts); the backgrounds stay antd's.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Both spellings: antd keeps `orange7` and `orange-7`, and both become the CSS variable `--ant-orange-7`.
    ...Object.fromEntries(
      Object.entries(TAG_TEXT).flatMap(([color, text]) => [
        [`${color}7`, text],
        [`${color}-7`, text],
      ]),
    ),
  },
  components: {
    // An empty table's words ("no activity today") are read, not a disabled control's.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
};

/**
 * The theme for someone who asked their system for less motion (`prefers-reduced-motion`): antd's
 * opening, closing and wave animations are off, and things appear in their end state at once.
 */
export const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
