import type { Language } from './languages';

/**
 * The portal's terminology: one term per concept in each language, for every screen and message.
 * A reader who meets "消費" in the rows and "銷售" in the summary, or "商戶編號" on one screen and
 * "商戶號" on the next, has to wonder whether they are different things. The unit test
 * (tests/unit/i18n/glossary.test.ts) holds the message files to this list: every message listed
 * under a concept contains its term, and no message of a language uses a word the concept avoids.
 * A new message that names one of these concepts adds its key here; a new concept adds an entry.
 */
export interface GlossaryEntry {
  concept: string;
  /** The term in each language, in the forms it takes (a label's abbreviation, the word in a sentence). English ignores case. */
  term: Record<Language, readonly string[]>;
  /** Other words for the same concept that no message of the language may use. */
  avoid?: Partial<Record<Language, readonly (string | RegExp)[]>>;
  /** The messages that name the concept, across the screens. */
  keys: readonly string[];
}

const same = (...forms: string[]) => forms;

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'a sale (the transaction category and its types)',
    term: { en: ['sale'], zhTW: ['消費'], zhCN: ['消费'] },
    avoid: { zhTW: ['銷售'], zhCN: ['销售'] },
    keys: [
      'codes.category.SALE', 'tx.summary.SALE', 'codes.transType.11', 'codes.transType.43', 'upstream.NOT_REFUNDABLE', 'refund.find.none',
      'help.faq.amounts.a', 'help.guide.screens.transactions', 'assets.figures.unsettledAmount.explanation',
      'tips.text.BUSY_HOUR', 'tips.text.BUSY_WEEKDAY', 'tips.text.PAYMENT_MIX', 'tips.text.REFUND_RATE',
    ],
  },
  {
    concept: 'a void (the transaction category and its types)',
    term: { en: ['void'], zhTW: ['撤銷'], zhCN: ['撤销'] },
    keys: ['codes.category.VOID', 'tx.summary.VOID', 'codes.transType.21', 'codes.transType.42', 'help.faq.amounts.a', 'tips.kinds.REFUND_RATE', 'tips.text.REFUND_RATE', 'assets.figures.unsettledAmount.explanation'],
  },
  {
    concept: 'a refund (the transaction category and its types)',
    term: { en: ['refund'], zhTW: ['退款'], zhCN: ['退款'] },
    keys: ['codes.category.REFUND', 'tx.summary.REFUND', 'codes.transType.31', 'codes.transType.02', 'codes.transType.50', 'menu.refundRequest', 'refund.requestTitle'],
  },
  {
    concept: 'voiding a refund request before it is decided',
    term: { en: ['void'], zhTW: ['撤銷'], zhCN: ['撤销'] },
    keys: ['refund.list.void', 'refund.list.voidTitle', 'refund.list.voidBody', 'refund.list.voided', 'refund.list.voidOne', 'refund.status.50', 'activity.actions.refundCancel', 'upstream.REFUND_NOT_PENDING', 'help.faq.refund.a'],
  },
  {
    concept: 'a merchant number (MID)',
    term: { en: ['merchant no.', 'merchant number'], zhTW: ['商戶編號'], zhCN: ['商户编号'] },
    avoid: { en: ['merchant ID'], zhTW: ['商戶號'], zhCN: ['商户号'] },
    keys: [
      'tx.merchant', 'profile.merchantNo', 'merchant.fields.merchantNo', 'merchant.counts.merchantIds', 'refund.tx.merchant', 'refund.col.merchant',
      'refund.errors.merchantRequired', 'refund.errors.merchantNumeric', 'help.contact.include.body',
    ],
  },
  {
    concept: 'an order number',
    term: { en: ['order no.', 'order number'], zhTW: ['訂單編號'], zhCN: ['订单编号'] },
    avoid: { zhTW: ['訂單號'], zhCN: ['订单号'] },
    keys: [
      'tx.order', 'refund.find.order', 'refund.tx.order', 'refund.col.order', 'refund.find.hint', 'refund.errors.findKeyRequired', 'refund.errors.orderOrRrnRequired',
      'tx.singleOnly', 'help.guide.screens.transactions', 'help.contact.include.body',
    ],
  },
  {
    concept: 'an EFT number',
    term: { en: ['EFT no.', 'EFT number'], zhTW: ['EFT 編號'], zhCN: ['EFT 编号'] },
    avoid: { zhTW: ['EFT 號'], zhCN: ['EFT 号'] },
    keys: ['tx.eft', 'refund.find.eft', 'refund.col.eft', 'refund.find.hint', 'refund.errors.findKeyRequired', 'tx.singleOnly', 'help.guide.screens.transactions', 'help.contact.include.body'],
  },
  {
    concept: 'the retrieval reference number (RRN)',
    term: { en: ['RRN'], zhTW: ['RRN'], zhCN: ['RRN'] },
    avoid: { en: ['RRN number', 'RRN no.'], zhTW: ['RRN 號', 'RRN 編號', '(RRN)'], zhCN: ['RRN 号', 'RRN 编号', '(RRN)'] },
    keys: ['tx.rrn', 'refund.find.rrn', 'refund.col.rrn', 'collect.fields.refno', 'payPage.paid', 'refund.find.hint', 'refund.errors.orderOrRrnRequired', 'tx.singleOnly'],
  },
  {
    concept: 'a terminal',
    term: { en: ['terminal'], zhTW: ['終端'], zhCN: ['终端'] },
    avoid: { zhTW: ['終端機'], zhCN: ['终端机'] },
    keys: ['tx.terminal', 'dashboard.counts.terminals', 'merchant.fields.terminals', 'merchant.counts.terminals', 'refund.tx.terminal', 'refund.col.terminal', 'help.guide.screens.merchants'],
  },
  {
    concept: 'a terminal number',
    term: { en: ['terminal no.', 'terminal number'], zhTW: ['終端編號'], zhCN: ['终端编号'] },
    avoid: { en: ['terminal ID'], zhTW: ['終端號'], zhCN: ['终端号'] },
    keys: ['refund.find.terminal', 'merchant.fields.terminalNos', 'refund.find.hint', 'refund.errors.findKeyRequired'],
  },
  {
    concept: 'a trace number',
    term: { en: ['trace no.', 'trace number'], zhTW: ['追蹤編號'], zhCN: ['追踪编号'] },
    avoid: { zhTW: ['追蹤號'], zhCN: ['追踪号'] },
    keys: ['tx.trace', 'refund.find.trace', 'refund.find.hint', 'refund.errors.findKeyRequired'],
  },
  {
    concept: 'a batch number',
    term: { en: ['batch no.'], zhTW: ['批次編號'], zhCN: ['批次编号'] },
    avoid: { en: ['batch number'], zhTW: ['批次號'], zhCN: ['批次号'] },
    keys: ['settle.batch', 'refund.col.batchNo'],
  },
  {
    concept: 'a store code',
    term: { en: ['store code'], zhTW: ['門店編號'], zhCN: ['门店编号'] },
    avoid: { en: ['store ID', 'store number'] },
    keys: ['tx.storeCode', 'merchant.fields.storeCode', 'applyService.fields.stores'],
  },
  {
    concept: 'a store',
    term: { en: ['store'], zhTW: ['門店'], zhCN: ['门店'] },
    avoid: { zhTW: ['店鋪'], zhCN: ['店铺'] },
    keys: ['tx.store', 'dashboard.counts.stores', 'dashboard.topStores.store', 'merchant.fields.store', 'collect.fields.store', 'payPage.store', 'refund.tx.store', 'documents.types.STORE_PHOTO'],
  },
  {
    concept: 'a customer number',
    term: { en: ['customer no.'], zhTW: ['客戶編號'], zhCN: ['客户编号'] },
    avoid: { en: ['customer ID'] },
    keys: ['shell.customerNo', 'profile.customerNo', 'merchant.customerCard.number', 'assets.history.customerId'],
  },
  {
    concept: 'a partner ID',
    term: { en: ['partner ID'], zhTW: ['合作夥伴編號'], zhCN: ['合作伙伴编号'] },
    keys: ['shell.partnerId', 'profile.partnerId', 'merchant.partnerCard.number'],
  },
  {
    concept: "a merchant's business name",
    term: { en: ['business name'], zhTW: ['商戶名稱'], zhCN: ['商户名称'] },
    avoid: { en: ['merchant name'], zhTW: ['商業名稱'], zhCN: ['商业名称'] },
    keys: ['profile.businessName', 'settle.businessName', 'merchant.fields.businessName', 'applyService.fields.merchantName', 'help.guide.screens.merchants'],
  },
  {
    concept: 'the account ID a user signs in with',
    term: { en: ['account ID'], zhTW: ['帳戶名稱'], zhCN: ['账户名称'] },
    avoid: { en: ['user name', 'username'], zhTW: ['用戶名稱', '使用者名稱', '帳戶 ID'], zhCN: ['用户名', '账户 ID'] },
    keys: [
      'login.account', 'login.accountRequired', 'forgot.account', 'forgot.description', 'pwd.usernameNotNull', 'profile.account', 'accounts.filters.userName',
      'accounts.fields.account', 'activity.filters.user', 'upstream.INVALID_CREDENTIALS', 'accounts.errors.duplicateAccount',
      'help.faq.signIn.a', 'help.faq.forgot.a', 'help.privacy.cookies.body',
    ],
  },
  {
    concept: "the name a bank account is held in (not the account ID a user signs in with)",
    term: { en: ['account name'], zhTW: ['戶名'], zhCN: ['户名'] },
    keys: ['settle.accountName', 'merchant.fields.accountName'],
  },
  {
    concept: 'an email address',
    term: { en: ['email'], zhTW: ['電郵'], zhCN: ['邮箱'] },
    avoid: { en: [/e-mail/i], zhTW: ['電子郵件'], zhCN: ['电子邮件'] },
    keys: [
      'login.account', 'login.emailAddressRequired', 'forgot.email', 'pwd.emailAddrInvalid', 'pwd.emailNoExist', 'profile.contactEmail', 'accounts.filters.email',
      'accounts.fields.contactEmail', 'accounts.errors.email', 'accounts.errors.duplicateEmail', 'merchant.fields.email', 'merchant.fields.primaryEmail', 'help.faq.signIn.a',
    ],
  },
  {
    concept: 'an email (the message)',
    term: { en: ['email'], zhTW: ['電郵'], zhCN: ['邮件'] },
    // 邮箱 is the address (the concept above); a mail one is sent ("一封…邮箱") is not.
    avoid: { zhCN: [/封[^，。；]*邮箱/u] },
    keys: ['help.faq.forgot.a', 'accounts.mailNote', 'password.managementNotSet'],
  },
  {
    concept: 'a user of the portal',
    term: { en: ['user'], zhTW: ['使用者'], zhCN: ['用户'] },
    avoid: { zhTW: ['用戶'] },
    keys: ['help.guide.screens.accountStatus', 'accounts.mailNote', 'accounts.deactivateNote', 'help.contact.admin.body', 'help.guide.rolesIntro', 'activity.fields.user'],
  },
  {
    concept: 'the management password (approving refunds, managing accounts)',
    term: { en: ['management password'], zhTW: ['管理密碼'], zhCN: ['管理密码'] },
    avoid: { en: ['administrator password', 'operator password', 'admin password'], zhTW: ['管理員密碼', '操作員密碼'], zhCN: ['管理员密码', '操作员密码'] },
    keys: [
      'firstLogin.stepManagement', 'firstLogin.managementIntro', 'password.managementStep', 'password.managementNotSet', 'refund.review.password',
      'accounts.capabilities.1', 'accounts.capabilities.3', 'accounts.capabilities.7', 'help.guide.roles.r1', 'help.guide.roles.r3', 'help.guide.roles.r7', 'help.faq.refund.a',
    ],
  },
  {
    concept: 'the Visa card scheme',
    term: { en: ['Visa'], zhTW: ['Visa'], zhCN: ['Visa'] },
    avoid: { zhTW: ['威士'], zhCN: ['维萨'] },
    keys: ['paymentType.VISA', 'codes.paymentInst.VISA', 'merchant.fields.feeHkVisa', 'merchant.fields.feeOverseasVisa'],
  },
  {
    concept: 'the Mastercard card scheme',
    term: { en: ['Mastercard'], zhTW: ['萬事達卡'], zhCN: ['万事达卡'] },
    keys: ['paymentType.MASTER', 'codes.paymentInst.MASTER', 'merchant.fields.feeHkMaster', 'merchant.fields.feeOverseasMaster'],
  },
  {
    concept: 'a payment type (card scheme or wallet)',
    term: { en: ['payment type'], zhTW: ['支付方式'], zhCN: ['支付方式'] },
    avoid: { en: ['payment method'], zhTW: ['付款方式'], zhCN: ['付款方式'] },
    keys: [
      'tx.paymentType', 'settle.paymentType', 'refund.tx.paymentType', 'collect.fields.paymentType', 'dashboard.paymentTypes.type',
      'upstream.COLLECT_METHOD_UNAVAILABLE', 'payPage.methodUnavailable',
    ],
  },
  {
    concept: 'paying by card',
    term: { en: ['card'], zhTW: ['銀行卡'], zhCN: ['银行卡'] },
    avoid: { zhTW: ['信用卡'], zhCN: ['信用卡'] },
    keys: ['payPage.methodCARD', 'settle.wallets.CARD', 'payPage.cardHint'],
  },
  {
    concept: "the currency in a column's or a figure's label",
    term: { en: ['(HKD)'], zhTW: ['（港元）'], zhCN: ['（港元）'] },
    avoid: { zhTW: ['（HKD）', '(HKD)'], zhCN: ['（HKD）', '(HKD)'] },
    keys: [
      'tx.amount', 'tx.totalAmount', 'tx.mdrFee', 'dashboard.amount', 'dashboard.curve.currentAmount', 'dashboard.curve.previousAmount', 'assets.history.amount',
      'assets.history.increases', 'assets.history.decreases', 'assets.history.net', 'collect.fields.amount', 'payPage.amountLabel', 'applyService.fields.monthlyVolume',
    ],
  },
  {
    concept: 'days (of a period)',
    term: { en: ['day'], zhTW: ['天'], zhCN: ['天'] },
    avoid: { zhTW: [/(\d|\})\s?日/, '七日'], zhCN: [/(\d|\})\s?日/, '七日'] },
    keys: ['dashboard.period', 'dashboard.curve.title', 'dashboard.curve.current', 'dashboard.curve.previous', 'dashboard.curve.change', 'dashboard.curve.noComparison', 'tips.days', 'validation.spanTooLong', 'help.faq.dates.a'],
  },
  {
    concept: 'active (a status)',
    term: { en: ['active'], zhTW: ['啟用'], zhCN: ['启用'] },
    avoid: { zhTW: ['營業中'], zhCN: ['营业中'] },
    keys: ['accounts.statusNames.1', 'merchant.merchantStatuses.Active', 'merchant.storeStatuses.Active', 'upstream.STORE_INACTIVE', 'help.guide.screens.stores'],
  },
  {
    concept: 'inactive (a status)',
    term: { en: ['inactive'], zhTW: ['停用'], zhCN: ['停用'] },
    keys: ['accounts.statusNames.0', 'merchant.merchantStatuses.Inactive', 'merchant.storeStatuses.Inactive', 'upstream.ACCOUNT_INACTIVE', 'upstream.STORE_INACTIVE', 'help.guide.screens.stores'],
  },
  {
    concept: 'an enabled payment service',
    term: { en: ['enabled'], zhTW: ['開通'], zhCN: ['开通'] },
    keys: ['merchant.serviceStatuses.Y', 'merchant.counts.enabled', 'applyService.form.enabled', 'upstream.SERVICE_ALREADY_ENABLED', 'help.guide.screens.payments'],
  },
  {
    concept: 'a remittance (fund settlement to the bank)',
    term: { en: ['remit'], zhTW: ['劃款'], zhCN: ['划款'] },
    avoid: { zhTW: ['匯款'], zhCN: ['汇款'] },
    keys: [
      'settle.remitType', 'settle.merged', 'settle.remitted', 'settle.notRemitted', 'settle.status', 'settle.remitDetail', 'settle.members', 'settle.statuses.REMITTED',
      'help.guide.screens.settles', 'accounts.capabilities.6', 'help.terms.figures.body',
    ],
  },
  {
    concept: 'fund settlement (the remittances screen)',
    term: { en: ['fund settlement'], zhTW: ['資金結算'], zhCN: ['资金结算'] },
    keys: ['menu.settles', 'menu.settleWxAli', 'help.guide.screens.settles', 'help.guide.screens.settleWxAli', 'help.guide.roles.r2', 'help.guide.roles.r6'],
  },
  {
    concept: 'reconciliation (the settlement files screen)',
    term: { en: ['reconciliation'], zhTW: ['對帳'], zhCN: ['对账'] },
    keys: ['menu.reconciliation', 'menu.reconWxAli', 'settle.reconDate', 'settle.reconDates', 'help.guide.roles.r2', 'help.guide.roles.r6'],
  },
  {
    concept: 'a settlement file',
    term: { en: ['settlement file'], zhTW: ['結算檔案'], zhCN: ['结算文件'] },
    keys: ['settle.files', 'settle.fileDetail', 'settle.paidFiles', 'help.guide.screens.reconciliation', 'help.guide.screens.reconWxAli'],
  },
  {
    concept: 'a record (a row of a list)',
    term: { en: ['record'], zhTW: ['紀錄'], zhCN: ['记录'] },
    avoid: { zhTW: ['記錄'] },
    keys: ['table.empty', 'table.total', 'help.guide.screens.settles', 'help.guide.screens.settleWxAli', 'help.terms.figures.body'],
  },
  {
    concept: 'approving (a refund, an application, a card authorisation)',
    term: { en: ['approv'], zhTW: ['批准'], zhCN: ['批准'] },
    avoid: { zhTW: ['核准'], zhCN: ['核准'] },
    keys: ['refund.review.approve', 'activity.actions.refundApprove', 'refund.status.20', 'refund.status.30', 'applyService.statuses.APPROVED', 'codes.respCode.00'],
  },
  {
    concept: 'resetting a password',
    term: { en: ['reset'], zhTW: ['重設'], zhCN: ['重设'] },
    avoid: { zhTW: ['重置'], zhCN: ['重置密码'] },
    keys: ['firstLogin.title', 'pwd.updateFailed', 'login.passwordReset', 'activity.actions.passwordReset', 'activity.actions.passwordResetRequested', 'activity.actions.passwordResetRefused'],
  },
  {
    concept: 'changing (a password, a contact number, a role)',
    term: { en: ['change'], zhTW: ['更改'], zhCN: ['更改'] },
    avoid: { zhTW: ['變更'], zhCN: ['变更'] },
    keys: [
      'account.changePassword', 'password.title', 'accounts.capabilities.1', 'accounts.errors.ownAccount', 'activity.actions.passwordChange', 'activity.actions.contactUpdate',
      'help.faq.contactNumber.q', 'profile.lastPwdDate', 'accounts.fields.lastPwdDate',
    ],
  },
  {
    concept: 'who assigned an account',
    term: { en: ['assigned by'], zhTW: ['指派人'], zhCN: ['指派人'] },
    avoid: { zhTW: ['分配人'], zhCN: ['分配人'] },
    keys: ['profile.assignedBy', 'accounts.fields.assignedBy'],
  },
  {
    concept: "a contact's name",
    term: { en: ['contact name'], zhTW: ['聯絡人姓名'], zhCN: ['联系人姓名'] },
    keys: ['profile.contactName', 'accounts.fields.contactName', 'applyService.fields.contactName', 'merchant.fields.contactName'],
  },
  {
    concept: 'a contact number',
    term: { en: ['contact number'], zhTW: ['聯絡電話'], zhCN: ['联系电话'] },
    keys: ['profile.contactNumber', 'profile.updateContact', 'contact.title', 'contact.newNumber', 'contact.atLeast8', 'accounts.fields.contactNumber', 'applyService.fields.contactNumber', 'accounts.errors.contactNumber', 'applyService.errors.contactNumber'],
  },
  {
    concept: "a tab of the portal's tab strip",
    term: { en: ['tab'], zhTW: ['標籤'], zhCN: ['标签'] },
    keys: ['shell.tabMenu', 'shell.tabCap', 'help.faq.tabs.q', 'help.faq.tabs.a'],
  },
  {
    concept: 'the homepage (the dashboard)',
    term: { en: ['homepage'], zhTW: ['首頁'], zhCN: ['首页'] },
    avoid: { en: [/\bdashboard\b/i] },
    keys: ['menu.dashboard', 'errors.backHome', 'dashboard.pdf.title', 'help.faq.pdf.q', 'help.faq.pdf.a', 'help.faq.tabs.a'],
  },
  {
    concept: 'a volume (the amount of transactions)',
    term: { en: ['volume'], zhTW: ['交易額'], zhCN: ['交易额'] },
    avoid: { zhTW: ['交易總額'], zhCN: ['交易总额'] },
    keys: ['settle.volume', 'applyService.fields.monthlyVolume', 'help.guide.screens.reconciliation'],
  },
  {
    concept: 'the MDR fee',
    term: { en: ['fee'], zhTW: ['手續費'], zhCN: ['手续费'] },
    avoid: { zhTW: ['MDR 費用'], zhCN: ['MDR 费用'] },
    keys: ['tx.mdrFee', 'settle.mdrFee', 'settle.fee', 'help.guide.screens.reconciliation', 'help.guide.screens.settles'],
  },
  {
    concept: 'the checker role (approves refunds)',
    term: { en: ['checker'], zhTW: ['審批員'], zhCN: ['审批员'] },
    avoid: { en: ['approver'] },
    keys: ['accounts.roleNames.3', 'accounts.roleNames.7', 'help.guide.roles.r3', 'help.guide.roles.r7', 'help.faq.refund.a'],
  },
  {
    concept: 'the maker role (requests refunds)',
    term: { en: ['maker'], zhTW: ['申請員', '申請及審批員'], zhCN: ['申请员', '申请及审批员'] },
    keys: ['accounts.roleNames.4', 'accounts.roleNames.7', 'help.guide.roles.r4', 'help.guide.roles.r7', 'help.faq.refund.a'],
  },
  {
    concept: 'viewing (read-only access)',
    term: { en: ['view'], zhTW: ['查看'], zhCN: ['查看'] },
    avoid: { zhTW: ['檢視'] },
    keys: ['accounts.roleNames.2', 'accounts.capabilities.2', 'accounts.capabilities.6', 'accounts.capabilities.8', 'help.guide.roles.r2', 'help.guide.roles.r6', 'help.guide.roles.r8'],
  },
  {
    concept: 'signing in',
    term: { en: ['sign in', 'sign-in', 'signed in'], zhTW: ['登入'], zhCN: ['登录'] },
    avoid: { en: [/\blog ?in\b(?! password)/i], zhTW: ['登錄'], zhCN: ['登入'] },
    keys: ['login.title', 'login.submit', 'errors.signIn', 'errors.unauthorized.title', 'gateway.SESSION_EXPIRED', 'gateway.LOGIN_EXPIRED', 'login.sessionEnded', 'help.faq.signIn.q'],
  },
  {
    concept: 'signing out',
    term: { en: ['sign out', 'signed out'], zhTW: ['登出'], zhCN: ['退出登录'] },
    avoid: { en: [/\blog ?out\b/i] },
    keys: ['account.logout', 'login.loggedOut', 'activity.actions.logout', 'accounts.deactivateNote'],
  },
  {
    concept: 'a business registration',
    term: { en: ['business registration'], zhTW: ['商業登記'], zhCN: ['商业登记'] },
    keys: ['merchant.fields.brExpiry', 'merchant.fields.brState', 'documents.types.BUSINESS_REGISTRATION', 'upstream.DOCUMENT_MERCHANT_REQUIRED', 'documents.renewalNeeded', 'documents.renewalExpired'],
  },
  {
    concept: 'a net amount (sales less voids and refunds)',
    term: { en: ['net'], zhTW: ['淨額'], zhCN: ['净额'] },
    keys: ['dashboard.amount', 'tx.totalAmount', 'help.faq.amounts.a', 'dashboard.topStores.summary', 'dashboard.paymentTypes.summary', 'export.totals.net'],
  },
  {
    concept: 'a count of transactions',
    term: { en: ['transactions'], zhTW: ['交易筆數'], zhCN: ['交易笔数'] },
    keys: ['tx.count', 'dashboard.count', 'settle.count'],
  },
  {
    concept: 'the refundable balance of a sale',
    term: { en: ['refundable balance'], zhTW: ['可退款餘額'], zhCN: ['可退款余额'] },
    keys: ['refund.tx.balance', 'refund.form.amountHelp', 'refund.errors.overBalance', 'upstream.REFUND_EXCEEDS_BALANCE'],
  },
  {
    concept: 'a payment service',
    term: { en: ['payment service'], zhTW: ['支付服務'], zhCN: ['支付服务'] },
    keys: ['menu.payments', 'menu.applyService', 'merchant.fields.paymentType', 'applyService.fields.paymentType', 'notices.kinds.NEWS', 'upstream.SERVICE_ALREADY_ENABLED'],
  },
  {
    concept: 'a payment request and its pay link',
    term: { en: ['pay'], zhTW: same('收款', '付款'), zhCN: same('收款', '付款') },
    keys: ['collect.listTitle', 'collect.detailTitle', 'collect.confirmCancel', 'collect.cancelled', 'collect.fields.payLink', 'collect.openPayLink', 'collect.form.submit', 'payPage.expired'],
  },
  {
    concept: 'a QR code',
    term: { en: ['QR code'], zhTW: ['二維碼'], zhCN: ['二维码'] },
    keys: ['collect.storeQrLabel', 'collect.qrLabel', 'help.guide.screens.merchantCode'],
  },
];
