export * from './catalogue.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './mail.ts';
export * from './refunds.ts';
export * from './invoices.ts';
