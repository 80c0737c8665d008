/**
 * Total assets' vocabulary, shared by the reference services (which store and filter by it) and the
 * portal (which names every code in the user's language: `assets.<group>.<code>`).
 */

/** The kept balances: each equals the sum of its movements. */
export const ASSET_TYPES = ['MARGIN', 'DEPOSIT', 'REFUND_POOL'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const DIRECTIONS = ['INCREASE', 'DECREASE'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What a movement was (designed here: the spec names the column only). */
export const OPERATION_TYPES = ['INITIAL_MARGIN', 'MARGIN_TOP_UP', 'MARGIN_RELEASE', 'SECURITY_DEPOSIT', 'REFUND_POOL_TOP_UP', 'REFUNDS_PAID'] as const;

/** Where a movement came from. */
export const OPERATION_SOURCES = ['CONTRACT', 'BANK_TRANSFER', 'RISK_REVIEW', 'REFUND'] as const;

/** Movements made by the provider's systems rather than a named person carry this operator. */
export const SYSTEM_OPERATOR = 'system';

/**
 * The panel's figures in the order the page shows them (spec section 3); each has a name and a
 * one-line explanation at `assets.figures.<id>`.
 */
export const PANEL_FIGURES = ['margin', 'deposit', 'refundPool', 'tradeBalance', 'unavailableBalance', 'fundSettlementAmount', 'pendingFundSettlementAmount', 'unsettledAmount'] as const;
export type PanelFigure = (typeof PANEL_FIGURES)[number];

/** The pie's slices: the asset types a customer holds (the fund-settlement figures make up the trade balance). */
export const PIE_ITEMS = ['margin', 'deposit', 'refundPool', 'tradeBalance', 'unavailableBalance'] as const satisfies readonly PanelFigure[];

/** The history's sort keys. */
export const HISTORY_SORTS = ['operationDate', 'amount', 'assetType'] as const;
