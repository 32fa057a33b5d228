import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() },
  Toaster: () => null,
}));
vi.mock('sonner', () => sonner);

/** A fresh copy of the module, so that each test starts before sonner has loaded. */
const freshToast = async () => {
  vi.resetModules();
  return import('./toast');
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.restoreAllMocks());

describe('toast', () => {
  it('keeps what is asked for before the notification area is there and shows it afterwards, in order', async () => {
    const { toast, loadedSonner, loadSonner, toasterMounted } = await freshToast();
    toast.success('Added to cart');
    toast.error('Failed to add to cart', { id: 'cart' });
    expect(loadedSonner()).toBeUndefined();
    await loadSonner();
    // The code is there, but the Toaster is not on screen yet: sonner would drop a toast published now.
    toast.success('Cart cleared');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sonner.toast.success).not.toHaveBeenCalled();
    expect(sonner.toast.error).not.toHaveBeenCalled();

    toasterMounted();
    expect(sonner.toast.success).toHaveBeenCalledTimes(2);
    expect(sonner.toast.error).toHaveBeenCalledWith('Failed to add to cart', { id: 'cart' });
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder;
    expect(order(sonner.toast.success)[0]).toBeLessThan(order(sonner.toast.error)[0]!);
    expect(order(sonner.toast.error)[0]).toBeLessThan(order(sonner.toast.success)[1]!);
    expect(sonner.toast.success).toHaveBeenLastCalledWith('Cart cleared', undefined);
  });

  it('shows at once once the notification area is there, and waits again while it is gone', async () => {
    const { toast, loadSonner, toasterMounted } = await freshToast();
    await loadSonner();
    const unmounted = toasterMounted();
    toast.error('Failed to update cart item');
    expect(sonner.toast.error).toHaveBeenCalledWith('Failed to update cart item', undefined);
    unmounted();
    toast.error('Failed to remove item');
    expect(sonner.toast.error).toHaveBeenCalledTimes(1);
    toasterMounted();
    expect(sonner.toast.error).toHaveBeenLastCalledWith('Failed to remove item', undefined);
  });

  it('takes away a notification by its id, on screen or still waiting', async () => {
    const { toast, loadSonner, toasterMounted } = await freshToast();
    toast.error('Please fill all contact details', { id: 'form' });
    toast.success('Added to cart');
    toast.dismiss('form');
    await loadSonner();
    const unmounted = toasterMounted();
    expect(sonner.toast.error).not.toHaveBeenCalled();
    expect(sonner.toast.success).toHaveBeenCalledWith('Added to cart', undefined);

    toast.error('Please fill all address details', { id: 'form' });
    toast.dismiss('form');
    expect(sonner.toast.dismiss).toHaveBeenLastCalledWith('form');
    unmounted();
  });

  it('keeps a sentence too long to read in 3 s on screen for 5 s, in the language it is shown in', async () => {
    const { toast, loadSonner, toasterMounted, setToastText } = await freshToast();
    await loadSonner();
    const unmounted = toasterMounted();
    const long = 'The price of a book in your cart has changed. Please check the new total before paying.';
    toast.error(long);
    expect(sonner.toast.error).toHaveBeenLastCalledWith(long, { duration: 5000 });
    toast.error(long, { id: 'pay' });
    expect(sonner.toast.error).toHaveBeenLastCalledWith(long, { id: 'pay', duration: 5000 });
    // A duration the caller chose stays.
    toast.success(long, { duration: 8000 });
    expect(sonner.toast.success).toHaveBeenLastCalledWith(long, { duration: 8000 });
    // A short sentence closes after the notification area's 3 s.
    toast.success('Cart cleared');
    expect(sonner.toast.success).toHaveBeenLastCalledWith('Cart cleared', undefined);

    // The length counted is that of the sentence shown, once put in the page's language.
    setToastText((sentence) => (sentence === 'Failed to get orders' ? 'x'.repeat(61) : sentence));
    toast.error('Failed to get orders');
    expect(sonner.toast.error).toHaveBeenLastCalledWith('x'.repeat(61), { duration: 5000 });
    setToastText((sentence) => sentence);
    unmounted();
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
