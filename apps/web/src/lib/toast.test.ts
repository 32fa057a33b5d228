import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() }, Toaster: () => null }));
vi.mock('sonner', () => sonner);

/** A fresh copy of the module, so that each test starts before sonner has loaded. */
const freshToast = async () => {
  vi.resetModules();
  return import('./toast');
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.restoreAllMocks());

describe('toast', () => {
  it('keeps what is asked for before sonner has loaded and shows it afterwards, in order', async () => {
    const { toast, loadedSonner } = await freshToast();
    toast.success('Added to cart');
    toast.error('Failed to add to cart', { id: 'cart' });
    toast.success('Cart cleared');
    expect(sonner.toast.success).not.toHaveBeenCalled();
    expect(loadedSonner()).toBeUndefined();

    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalledTimes(2));
    expect(sonner.toast.error).toHaveBeenCalledWith('Failed to add to cart', { id: 'cart' });
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder;
    expect(order(sonner.toast.success)[0]).toBeLessThan(order(sonner.toast.error)[0]!);
    expect(order(sonner.toast.error)[0]).toBeLessThan(order(sonner.toast.success)[1]!);
    expect(sonner.toast.success).toHaveBeenLastCalledWith('Cart cleared', undefined);
  });

  it('shows at once once sonner is there', async () => {
    const { toast, loadSonner } = await freshToast();
    await loadSonner();
    toast.error('Failed to update cart item');
    expect(sonner.toast.error).toHaveBeenCalledWith('Failed to update cart item', undefined);
  });

  it('loads sonner once and tells the subscribers when it has', async () => {
    const { loadSonner, loadedSonner, subscribeToSonner } = await freshToast();
    const listener = vi.fn();
    const unsubscribe = subscribeToSonner(listener);
    const [first, second] = await Promise.all([loadSonner(), loadSonner()]);
    expect(first).toBe(second);
    expect(loadedSonner()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
