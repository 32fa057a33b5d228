import { toast } from './toast';

/** Copies text and says so ('Copied to clipboard!'); a refusal is logged only. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard!');
    return true;
  } catch (error) {
    console.error('Copy failed', error);
    return false;
  }
}
