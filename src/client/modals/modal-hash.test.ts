import { describe, expect, it } from 'vitest';
import { findModal, linkModalRef, modalHash, modalItem, modalRef, resolveModal, resolutionWarning } from './modal-hash.js';
import { modals } from './modal.fixture.js';

describe('modal hash (shareable state: docs/architecture.md, "Modals")', () => {
  it('reads the modal from #modal=name or #modal=id, decoded, ignoring other hashes', () => {
    expect(modalRef('#modal=deluxe-suite')).toBe('deluxe-suite');
    expect(modalRef('#modal=3')).toBe('3');
    expect(modalRef('#modal=caf%C3%A9&x=1')).toBe('café');
    expect(modalRef('#terms-deposits')).toBeNull();
    expect(modalRef('#modal=')).toBeNull();
    expect(modalRef('')).toBeNull();
  });

  it('writes the hash SmartLink renders, so a reference round-trips', () => {
    expect(modalHash('ocean-view-suite')).toBe('#modal=ocean-view-suite');
    expect(modalRef(modalHash('a b&c'))).toBe('a b&c');
  });

  it('reads the reference of a link from data-modal, else its #modal= href', () => {
    const a = document.createElement('a');
    a.setAttribute('href', '#modal=x');
    expect(linkModalRef(a)).toBe('x');
    a.setAttribute('data-modal', 'y');
    expect(linkModalRef(a)).toBe('y');
    const plain = document.createElement('a');
    plain.setAttribute('href', '/rooms#modal=x');
    expect(linkModalRef(plain)).toBeNull();
  });

  it('content contract "Modal": finds a modal by name, else by id', () => {
    expect(findModal(modals, 'spa-rituals')?.id).toBe(14);
    expect(findModal(modals, '14')?.name).toBe('spa-rituals');
    expect(findModal(modals, 'nope')).toBeNull();
    const named3 = [{ id: 9, name: '3', items: [] }, ...modals];
    expect(findModal(named3, '3')?.id).toBe(9);
  });

  it('spec §5: shows the first item geolocated to the visitor', () => {
    const suite = modals[0]!;
    expect(modalItem(suite, 'MEX')?.props.body).toContain('MXN');
    expect(modalItem(suite, 'USA')?.props.body).toContain('USD');
    expect(modalItem(suite, 'mex')?.props.body).toContain('MXN');
    expect(modalItem(modals[1]!, 'MEX')).toBeNull();
  });

  it('resolves a hash to open, unknown or no item, with warnings that name the modal', () => {
    expect(resolveModal('', modals, 'USA')).toEqual({ kind: 'none' });
    expect(resolveModal('#modal=2', modals, 'USA')).toMatchObject({ kind: 'open', modal: { name: 'ocean-view-suite' } });
    const unknown = resolveModal('#modal=ghost', modals, 'USA');
    expect(unknown).toEqual({ kind: 'unknown', ref: 'ghost' });
    expect(resolutionWarning(unknown, 'USA')).toMatch(/modal "ghost" does not exist/);
    const empty = resolveModal('#modal=booking-policy', modals, 'MEX');
    expect(empty.kind).toBe('no-item');
    expect(resolutionWarning(empty, 'MEX')).toMatch(/modal "booking-policy" has no item for country MEX/);
    expect(resolutionWarning(resolveModal('#modal=3', modals, 'USA'), 'USA')).toBeNull();
  });
});
