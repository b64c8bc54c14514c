import { describe, expect, it } from 'vitest';
import { placeOfSupply, stateOfPinCode } from './place-of-supply.ts';

describe('place of supply from the delivery address', () => {
  it('names the state of a PIN code by its district prefix', () => {
    const cases: Record<string, string> = {
      '302001': '08', // Jaipur
      '110001': '07', // New Delhi
      '400001': '27', // Mumbai
      '403001': '30', // Panaji
      '560001': '29', // Bengaluru
      '600001': '33', // Chennai
      '500001': '36', // Hyderabad
      '520001': '37', // Vijayawada
      '700001': '19', // Kolkata
      '737101': '11', // Gangtok
      '744101': '35', // Port Blair
      '781001': '18', // Guwahati
      '800001': '10', // Patna
      '834001': '20', // Ranchi
      '831001': '20', // Jamshedpur
      '248001': '05', // Dehradun
      '263001': '05', // Nainital
      '226001': '09', // Lucknow
      '201301': '09', // Noida
      '122001': '06', // Gurugram
      '141001': '03', // Ludhiana
      '171001': '02', // Shimla
      '190001': '01', // Srinagar
      '194101': '38', // Leh
      '380001': '24', // Ahmedabad
      '462001': '23', // Bhopal
      '492001': '22', // Raipur
      '751001': '21', // Bhubaneswar
      '682001': '32', // Kochi
    };
    for (const [pin, state] of Object.entries(cases)) expect(stateOfPinCode(pin), pin).toBe(state);
  });

  it('knows the districts that straddle a border by their six-digit ranges', () => {
    expect(stateOfPinCode('160017')).toBe('04'); // Chandigarh
    expect(stateOfPinCode('160062')).toBe('03'); // Mohali, Punjab
    expect(stateOfPinCode('605001')).toBe('34'); // Puducherry
    expect(stateOfPinCode('609602')).toBe('34'); // Karaikal
    expect(stateOfPinCode('682555')).toBe('31'); // Lakshadweep
    expect(stateOfPinCode('396230')).toBe('26'); // Silvassa
    expect(stateOfPinCode('247667')).toBe('05'); // Roorkee
    expect(stateOfPinCode('247001')).toBe('09'); // Saharanpur
  });

  it('has no state for malformed PIN codes or the Army Postal Service', () => {
    for (const pin of ['', '012345', '30200', '3020011', '99ABCD', '999999'])
      expect(stateOfPinCode(pin)).toBeUndefined();
  });

  it('CGST + SGST within the shop state, IGST outside; a named state wins; no state → the shop’s own', () => {
    expect(placeOfSupply({ pin_code: '302001' }, '08')).toEqual({
      stateCode: '08',
      stateName: 'Rajasthan',
      supply: 'intra-state',
    });
    expect(placeOfSupply({ pin_code: '110001' }, '08')).toMatchObject({
      stateCode: '07',
      supply: 'inter-state',
    });
    expect(placeOfSupply({ pin_code: '302001', state: 'Delhi' }, '08')).toMatchObject({
      stateCode: '07',
      supply: 'inter-state',
    });
    expect(placeOfSupply({ pin_code: '999999' }, '08')).toMatchObject({
      stateCode: '08',
      supply: 'intra-state',
    });
  });
});
