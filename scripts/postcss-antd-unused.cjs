// A PostCSS plugin for the portal's build (postcss.config.mjs): antd's prebuilt stylesheet holds
// every component's styles and blocks the first paint, so the selectors of components the portal
// never renders are dropped from it. A selector that needs an element of such a component cannot
// match anything here; a rule left without selectors goes. docs/decisions.md, "antd's stylesheet".

/**
 * antd components no screen renders, directly or inside another antd component (checked against
 * the portal's antd imports; adding one of these to a screen means taking it off this list).
 */
const UNUSED = [
  'affix', 'anchor', 'back-top', 'breadcrumb', 'carousel', 'cascader', 'collapse', 'color-picker',
  'divider', 'float-btn', 'image', 'input-number', 'list', 'masonry', 'mentions', 'picker-calendar',
  'popconfirm', 'qrcode', 'rate', 'slider', 'splitter', 'switch', 'timeline', 'tour', 'transfer',
  'tree', 'tree-select', 'watermark',
];

/** A class of one of those components: `.ant-tree` or `.ant-tree-…`, not `.ant-treeview`. */
const UNUSED_CLASS = new RegExp(`\\.ant-(?:${UNUSED.join('|')})(?![a-z0-9_])`, 'i');

module.exports = () => ({
  postcssPlugin: 'portal-antd-unused',
  Once(root) {
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
      const kept = rule.selectors.filter((selector) => !UNUSED_CLASS.test(selector));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
    });
  },
});
module.exports.postcss = true;
module.exports.UNUSED = UNUSED;
