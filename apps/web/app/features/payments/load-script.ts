const loading = new Map<string, Promise<void>>();

/**
 * Adds a gateway's checkout script once per URL. Rejects when it cannot load (blocked, offline),
 * so that the page can show the product's 'This browser is not supported…' message.
 */
export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.body.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
