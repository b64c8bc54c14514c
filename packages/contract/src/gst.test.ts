import { describe, expect, it } from 'vitest';
import {
  gstStateCodeOf,
  gstinCheckCharacter,
  gstinProblem,
  gstMessages,
  shopRegistrationSchema,
} from './gst.ts';

const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '08AAKCK4242M1Z5'];

describe('GSTIN', () => {
  it('accepts GSTINs whose 15th character is the mod-36 check character of the first 14', () => {
    for (const gstin of VALID) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(gstinProblem(gstin)).toBeNull();
      expect(gstinProblem(` ${gstin.toLowerCase()} `)).toBeNull();
    }
  });

  it('catches every single mistyped character', () => {
    const gstin = '27AAPFU0939F1ZV';
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let tried = 0;
    for (let i = 0; i < 15; i++)
      for (const c of chars) {
        if (c === gstin[i]) continue;
        const typo = gstin.slice(0, i) + c + gstin.slice(i + 1);
        tried += 1;
        expect(gstinProblem(typo), typo).not.toBeNull();
      }
    expect(tried).toBe(15 * 35);
  });

  it('names what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(gstMessages.gstinCheck);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(gstMessages.gstinFormat);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe(gstMessages.gstinState);
  });

  it('finds a state by code or name', () => {
    expect(gstStateCodeOf('08')).toBe('08');
    expect(gstStateCodeOf('8')).toBe('08');
    expect(gstStateCodeOf(' rajasthan ')).toBe('08');
    expect(gstStateCodeOf('Jammu & Kashmir')).toBe('01');
    expect(gstStateCodeOf('Atlantis')).toBeUndefined();
    expect(gstStateCodeOf('25')).toBeUndefined();
  });

  it('checks the shop registration: GSTIN of the state of registration, 14-digit FSSAI number', () => {
    const good = {
      legalName: 'Kesar Foods and Locks Private Limited',
      address: 'Jaipur',
      gstin: '08aakck4242m1z5',
      stateCode: 'Rajasthan',
      fssaiNumber: '10826999000123',
    };
    expect(shopRegistrationSchema.parse(good)).toMatchObject({ gstin: '08AAKCK4242M1Z5', stateCode: '08' });
    const wrongState = shopRegistrationSchema.safeParse({ ...good, stateCode: 'Delhi' });
    expect(wrongState.error?.issues.map((i) => i.message)).toEqual([gstMessages.gstinOtherState]);
    const bad = shopRegistrationSchema.safeParse({ ...good, fssaiNumber: '1234', legalName: ' ' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['fssaiNumber', 'legalName']);
  });
});
