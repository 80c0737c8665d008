/**
 * The WeChat Pay and Alipay marks for their menu items (spec section 2), drawn after the brands'
 * own: WeChat's two speech bubbles on WeChat Pay green, and Alipay's 支 on Alipay blue.
 */
const SIZE = 16;

export function WeChatPayLogo() {
  return (
    <svg width={SIZE} height={SIZE} viewBox="0 0 24 24" aria-hidden focusable="false" style={{ verticalAlign: '-3px', flex: 'none' }}>
      <rect width="24" height="24" rx="5" fill="#07c160" />
      <path d="M9.6 4.6c-3.8 0-6.8 2.5-6.8 5.7 0 1.8 1 3.4 2.5 4.4l-.6 2 2.3-1.2c.8.3 1.7.4 2.6.4h.5a5.3 5.3 0 0 1-.2-1.4c0-3.2 3-5.7 6.6-5.7h.4c-.6-2.4-3.6-4.2-7.3-4.2z" fill="#fff" />
      <path d="M21.2 14.5c0-2.7-2.6-4.8-5.8-4.8s-5.8 2.1-5.8 4.8 2.6 4.8 5.8 4.8c.7 0 1.4-.1 2-.3l1.9 1-.5-1.7c1.5-.9 2.4-2.2 2.4-3.8z" fill="#fff" />
      <circle cx="7.4" cy="8.6" r=".9" fill="#07c160" />
      <circle cx="11.6" cy="8.6" r=".9" fill="#07c160" />
      <circle cx="13.5" cy="13.3" r=".75" fill="#07c160" />
      <circle cx="17.3" cy="13.3" r=".75" fill="#07c160" />
    </svg>
  );
}

export function AlipayLogo() {
  return (
    <svg width={SIZE} height={SIZE} viewBox="0 0 24 24" aria-hidden focusable="false" style={{ verticalAlign: '-3px', flex: 'none' }}>
      <rect width="24" height="24" rx="5" fill="#1677ff" />
      <g stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none">
        <path d="M5.5 7h13M12 4v6.5M6.5 10.5h11" />
        <path d="M7.5 13.5h8.5c-1.6 3.4-4.8 5.6-9.5 6.5" />
        <path d="M9.5 15c2.4 2.4 5.8 4 11 4.5" />
      </g>
    </svg>
  );
}
