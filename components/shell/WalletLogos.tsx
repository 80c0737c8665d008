/** Small WeChat Pay and Alipay marks for their menu items (spec section 2). */
export function WeChatPayLogo() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden focusable="false" style={{ verticalAlign: '-2px' }}>
      <circle cx="7" cy="7" r="7" fill="#1aad19" />
      <path d="M3.5 7.2l2 2 5-5" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function AlipayLogo() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden focusable="false" style={{ verticalAlign: '-2px' }}>
      <rect width="14" height="14" rx="3" fill="#1677ff" />
      <path d="M4 10.5L7 3.5l3 7M5.2 8h3.6" stroke="#fff" strokeWidth="1.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}
