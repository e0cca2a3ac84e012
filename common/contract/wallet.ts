/**
 * The wallet: payment methods, deposits, withdrawals, transfers, uploads and the activity
 * list. Field names follow docs/product.md §3 and §7. Money is a 6-decimal string (`WireAmount`),
 * coin quantities an 8-decimal string (`CoinAmount`), percentages a 6-decimal string.
 *
 * Money-moving POSTs (createDeposit, createWithdraw, createTransfer) need an
 * `Idempotency-Key` header (IDEMPOTENCY_KEY_PATTERN, in ./idempotency.ts): made by the
 * client once per confirmed action and reused on every retry of it.
 */
import {
  array,
  define,
  enums,
  nullable,
  number,
  object,
  optional,
  string,
  union,
  type Infer,
  type Struct,
} from 'superstruct';
import { IsoDate, WireAmount } from './common';

/** A coin quantity on the wire: a decimal string with exactly eight decimals. */
export const CoinAmount: Struct<string, null> = define(
  'CoinAmount',
  (value) => typeof value === 'string' && /^\d+\.\d{8}$/.test(value),
);

/** An amount as a client may send it: a decimal string or a number (parsed exactly). */
export const AmountInput = union([string(), number()]);

export const REQUEST_STATUSES = ['Pending', 'Completed', 'Rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

// Methods ---------------------------------------------------------------------------------

/** GET /api/depositMethods → DepositMethod[] */
export const DepositMethod = object({
  _id: string(),
  coinName: string(),
  /** The network, e.g. "trc20"; screens show it upper case. */
  paymentAddressType: string(),
  paymentAddress: string(),
  /** Limits in USDT. */
  minAmount: WireAmount,
  maxAmount: WireAmount,
  /** USDT per coin. */
  conversionPrice: WireAmount,
  /** The currency amounts and limits are in: "USDT". */
  currencyUsdt: string(),
  /** The coin sent on chain, e.g. "USDT", "BTC"; conversions (amount ÷ price) are in it. */
  coinSymbol: string(),
});
export type DepositMethod = Infer<typeof DepositMethod>;

/**
 * The languages a method's instructions (`info`, in English) may also be written in. A
 * language left out has none, and readers of it see the English text.
 */
export const INFO_LANGUAGES = ['es', 'fr', 'de', 'zh'] as const;
export type InfoLanguage = (typeof INFO_LANGUAGES)[number];

/** A method's instructions per language: { es?, fr?, de?, zh? }; other keys are refused. */
export const InfoTranslations = object({
  es: optional(string()),
  fr: optional(string()),
  de: optional(string()),
  zh: optional(string()),
});
export type InfoTranslations = Infer<typeof InfoTranslations>;

/** GET /api/withdrawMethods → WithdrawMethod[] */
export const WithdrawMethod = object({
  _id: string(),
  coinName: string(),
  paymentAddressType: string(),
  paymentAddress: string(),
  minAmount: WireAmount,
  maxAmount: WireAmount,
  conversionPrice: WireAmount,
  currencyUsdt: string(),
  coinSymbol: string(),
  /** Instructions shown on the checkout, in English. */
  info: string(),
  /**
   * The instructions in the other languages, only those given; every reader gets all of them
   * and picks its own (the answer does not depend on Accept-Language, so it stays cacheable).
   */
  infoTranslations: optional(InfoTranslations),
  /** The processing fee in percent. */
  charge: WireAmount,
});
export type WithdrawMethod = Infer<typeof WithdrawMethod>;

export const DepositMethodList = array(DepositMethod);
export const WithdrawMethodList = array(WithdrawMethod);

/**
 * The rules of a method's text fields (lengths after trimming), checked by the server and
 * by the console's form alike.
 */
export const METHOD_TEXT_RULES = {
  coinName: { maxLength: 50 },
  paymentAddressType: { maxLength: 20, pattern: /^[A-Za-z0-9-]+$/ },
  paymentAddress: { maxLength: 128, pattern: /^\S+$/ },
  currencyUsdt: { maxLength: 10, pattern: /^[A-Za-z0-9]{2,10}$/ },
  coinSymbol: { maxLength: 10, pattern: /^[A-Za-z0-9]{2,10}$/ },
  info: { maxLength: 1000 },
} as const;

/** Admin: POST /api/createDepositMethod (no _id) and PUT /api/updateDepositMethod (with id). */
const methodFields = {
  coinName: string(),
  paymentAddressType: string(),
  paymentAddress: string(),
  minAmount: AmountInput,
  maxAmount: AmountInput,
  conversionPrice: AmountInput,
  currencyUsdt: string(),
  coinSymbol: string(),
};
export const CreateDepositMethodRequest = object(methodFields);
export const UpdateDepositMethodRequest = object({ id: string(), ...methodFields });
/**
 * A withdraw method's own fields. `infoTranslations`: each text as long as `info` may be; an
 * empty one means none. Left out of an update, the method keeps the ones it has.
 */
const withdrawMethodFields = {
  ...methodFields,
  info: string(),
  infoTranslations: optional(InfoTranslations),
  charge: AmountInput,
};
export const CreateWithdrawMethodRequest = object(withdrawMethodFields);
export const UpdateWithdrawMethodRequest = object({ id: string(), ...withdrawMethodFields });
export type CreateDepositMethodRequest = Infer<typeof CreateDepositMethodRequest>;
export type UpdateDepositMethodRequest = Infer<typeof UpdateDepositMethodRequest>;
export type CreateWithdrawMethodRequest = Infer<typeof CreateWithdrawMethodRequest>;
export type UpdateWithdrawMethodRequest = Infer<typeof UpdateWithdrawMethodRequest>;
/** PUT /api/deleteDepositMethod, PUT /api/deleteWithdrawMethod */
export const DeleteMethodRequest = object({ id: string() });

export const DepositMethodResponse = object({ method: DepositMethod });
export const WithdrawMethodResponse = object({ method: WithdrawMethod });

// Uploads ---------------------------------------------------------------------------------

/** POST /upload?timestamp=… (multipart field `file`) → { fileUrl } */
export const UploadResponse = object({ fileUrl: string() });
export type UploadResponse = Infer<typeof UploadResponse>;

// Deposits --------------------------------------------------------------------------------

/** POST /api/createDeposit */
export const CreateDepositRequest = object({
  /** The deposit method's _id. */
  gatWay: string(),
  amount: AmountInput,
  /** amount ÷ conversionPrice in the gateway coin; refused when it differs from the server's. */
  coinConversion: optional(union([string(), number()])),
  /** The fileUrl answered by /upload. */
  transactionScreenshot: string(),
});
export type CreateDepositRequest = Infer<typeof CreateDepositRequest>;

export const Deposit = object({
  _id: string(),
  /** The method's coin name at the time of the deposit. */
  gateway: string(),
  gatewayType: string(),
  /** The coin sent on chain ("BTC"); coinConversion is in it. */
  currency: string(),
  amount: WireAmount,
  /** amount ÷ conversionRate, in `currency`. */
  coinConversion: CoinAmount,
  conversionRate: WireAmount,
  /** A short-lived signed link to the screenshot, readable by the owner and admins. */
  transactionScreenshot: nullable(string()),
  /** Our unique reference of this deposit. */
  transactionId: string(),
  status: enums(REQUEST_STATUSES),
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
});
export type Deposit = Infer<typeof Deposit>;

export const DepositResponse = object({ deposit: Deposit });
export const DepositList = array(Deposit);

/** PUT /api/updateDeposit/:id (admin) */
export const UpdateDepositRequest = object({
  id: string(),
  status: enums(['Completed', 'Rejected'] as const),
  reason: optional(string()),
});

// Withdrawals -----------------------------------------------------------------------------

/** POST /api/createWithdraw */
export const CreateWithdrawRequest = object({
  gatWay: string(),
  amount: AmountInput,
  /** needToPay ÷ conversionPrice, in the method's coin; refused when it differs. */
  coinConversion: optional(union([string(), number()])),
  paymentAddress: string(),
  /** What the user receives (amount − fee), in USDT; refused when it differs. */
  needToPay: optional(AmountInput),
  /** The fee percent the user saw; refused when it differs from the method's. */
  charge: optional(AmountInput),
});
export type CreateWithdrawRequest = Infer<typeof CreateWithdrawRequest>;

export const Withdraw = object({
  _id: string(),
  gateway: string(),
  gatewayType: string(),
  currency: string(),
  amount: WireAmount,
  /** The fee in USDT. */
  fee: WireAmount,
  /** amount − fee: what is sent, in USDT. */
  needToPay: WireAmount,
  /** The fee percent. */
  charge: WireAmount,
  /** needToPay ÷ conversionRate: what arrives, in `currency` (the coin). */
  coinConversion: CoinAmount,
  conversionRate: WireAmount,
  paymentAddress: string(),
  status: enums(REQUEST_STATUSES),
  /** The on-chain transaction hash, once sent. */
  transactionHash: nullable(string()),
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
});
export type Withdraw = Infer<typeof Withdraw>;

export const WithdrawResponse = object({ withdraw: Withdraw });
export const WithdrawList = array(Withdraw);

/** PUT /api/updateWithdraw/:id (admin) */
export const UpdateWithdrawRequest = object({
  id: string(),
  status: enums(['Completed', 'Rejected'] as const),
  transactionHash: optional(string()),
  reason: optional(string()),
});

// Transfers -------------------------------------------------------------------------------

/** GET /api/getUserByPayId/:payId → only what the confirmation dialog shows. */
export const PayIdUser = object({ _id: string(), username: string(), fullName: string() });
export const PayIdUserResponse = object({ user: PayIdUser });
export type PayIdUser = Infer<typeof PayIdUser>;

/** POST /api/createTransfer */
export const CreateTransferRequest = object({
  amount: AmountInput,
  receivePId: union([string(), number()]),
  /** The net the receiver gets; refused when it differs from the server's. */
  needToPay: optional(AmountInput),
  /** The fee; refused when it differs from the server's. */
  chargeAmount: optional(AmountInput),
});
export type CreateTransferRequest = Infer<typeof CreateTransferRequest>;

export const Transfer = object({
  _id: string(),
  amount: WireAmount,
  receivePId: string(),
  needToPay: WireAmount,
  chargeAmount: WireAmount,
  senderPId: string(),
  senderUsername: string(),
  senderUserId: object({ _id: string() }),
  receiverUsername: string(),
  receiverUserId: object({ _id: string() }),
  status: string(),
  createdAt: IsoDate,
});
export type Transfer = Infer<typeof Transfer>;

export const TransferResponse = object({ transfer: Transfer });
export const TransferList = array(Transfer);

// Wallet ----------------------------------------------------------------------------------

const ACTIVITY_KINDS = [
  'deposit',
  'withdrawal',
  'transfer_out',
  'transfer_in',
  'adjustment',
  'trade',
] as const;

/** One movement of the user's wallet. */
export const WalletActivity = object({
  _id: string(),
  kind: enums(ACTIVITY_KINDS),
  /** Signed: positive in, negative out. */
  amount: WireAmount,
  /** The record behind it (deposit, withdrawal, transfer...), for a link to its detail. */
  referenceId: nullable(string()),
  createdAt: IsoDate,
});
export type WalletActivity = Infer<typeof WalletActivity>;

/** GET /api/getWalletActivity?page=N (1-based) */
export const WalletActivityPage = object({
  items: array(WalletActivity),
  page: number(),
  pages: number(),
  total: number(),
});
export type WalletActivityPage = Infer<typeof WalletActivityPage>;
