import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SellerInformation } from '@shop/contract/grievances';
import { PINCODE_DATA_CREDIT, PincodeDataCredit, SellerDetails } from './seller-details.tsx';

describe('the pincode data credit on /seller-information', () => {
  it('names provider, source and licence, and links the dataset, as the Government Open Data License – India asks', () => {
    expect(PINCODE_DATA_CREDIT.text).toBe(
      'PIN code data: Department of Posts, Government of India, via data.gov.in (Government Open Data License – India)',
    );
    const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(PincodeDataCredit)));
    const link = html.match(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/);
    expect(link?.[1]).toBe('https://data.gov.in/resource/all-india-pincode-directory-till-last-month');
    expect(link?.[2]).toBe(PINCODE_DATA_CREDIT.text);
  });
});

describe('the seller card', () => {
  const seller: SellerInformation = {
    legal_name: 'Kesar Foods and Locks Private Limited',
    address: '42, Johari Bazaar, Jaipur',
    branch_addresses: ['Factory: F-118, Sitapura, Jaipur', 'Lock works: Plot 17, Talanagari, Aligarh'],
    gstin: '08AAKCK4242M1Z5',
    state: 'Rajasthan',
    fssai_licence_number: '10826999000123',
    website: 'https://shop.example',
    customer_care: { email: 'care@example.in', phone: '+91 98765 43210' },
    grievance_officer: { name: 'Meera', designation: 'Officer', email: 'g@example.in', phone: '1' },
  };
  const render = (s: SellerInformation) =>
    renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(MantineProvider, null, createElement(SellerDetails, { seller: s })),
      ),
    );

  it("lists the head office and every branch address (India's e-commerce rules ask for both)", () => {
    const html = render(seller);
    expect(html).toContain('<dt>Branch addresses</dt>');
    expect(html).toContain('<div>Factory: F-118, Sitapura, Jaipur</div>');
    expect(html).toContain('<div>Lock works: Plot 17, Talanagari, Aligarh</div>');
    expect(render({ ...seller, branch_addresses: [] })).not.toContain('Branch address');
  });
});
