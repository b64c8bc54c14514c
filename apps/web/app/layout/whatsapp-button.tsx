import { IconBrandWhatsapp } from '@tabler/icons-react';
import classes from './layout.module.css';

/** Floating chat button: opens WhatsApp to the company number with the text Hello (product rules §2). */
export function WhatsAppButton({ number }: { number: string }) {
  if (!number) return null;
  return (
    <a
      href={`https://wa.me/${number}?text=Hello`}
      className={classes.whatsapp}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
    >
      <IconBrandWhatsapp size={32} aria-hidden />
    </a>
  );
}
