export * from './common';
export * from './auth';
export * from './settings';
export * from './errors';
export * from './wallet';
export * from './market';
export * from './trades';
export * from './kyc';
