import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PINCODE_DATA_CREDIT, PincodeDataCredit } from './seller-details.tsx';

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
