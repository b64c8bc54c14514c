import { DEMO_VIDEO_ID } from './content-data.ts';

/** Content pages (product rules §2 "Content page"); HTML is sanitised by the server when it is served. */
export interface PageSeed {
  title: string;
  urlSlug: string;
  content: string;
  metaKeyword: string;
  metaDescription: string;
}

const html = (parts: readonly string[]) => parts.join('\n');

export const pageSeeds: readonly PageSeed[] = [
  {
    title: 'About Us',
    urlSlug: 'about-us',
    metaKeyword: 'about kesar foods, jaipur sweets, aligarh locks, family business',
    metaDescription:
      'Kesar Foods & Locks is a family business from Jaipur and Aligarh making sweets, spices, namkeen and locks since 1987.',
    content: html([
      '<h2>Our story</h2>',
      "<p>Kesar Foods &amp; Locks began in 1987 as a small sweet shop in Johari Bazaar, Jaipur, run by Shri Mohanlal Agarwal and his wife Kamla Devi. Their kaju katli and besan laddoo soon had a queue every Diwali, and the family added hand-ground spices and pickles made to Kamla Devi's recipes.</p>",
      "<p>In 1998 the family's younger son, Suresh, opened a lock workshop in Aligarh, the lock city of India. What started with three craftsmen filing brass padlocks by hand is today a unit of sixty people making padlocks, door locks, cabinet locks and, since 2022, fingerprint smart locks.</p>",
      '<h2>What we believe in</h2>',
      '<ul>',
      '<li><strong>Honest ingredients:</strong> pure desi ghee, cold-pressed mustard oil and whole spices that we roast and grind ourselves.</li>',
      '<li><strong>Made to last:</strong> every lock is tested for 10,000 open-and-close cycles before it leaves the workshop.</li>',
      '<li><strong>Fair prices:</strong> we sell directly, so you pay for the product and not for layers of middlemen.</li>',
      '</ul>',
      '<h2>See us at work</h2>',
      '<p>Take a short tour of our Jaipur kitchen:</p>',
      `<p>[youtube id=${DEMO_VIDEO_ID}]</p>`,
      '<p>We deliver to every pincode in India and welcome bulk, corporate and wedding orders. Write to <a href="mailto:care@kesarfoods.in">care@kesarfoods.in</a> or call +91 98765 43210.</p>',
    ]),
  },
  {
    title: 'Privacy Policy',
    urlSlug: 'privacy-policy',
    metaKeyword: 'privacy policy, personal data, kesar foods',
    metaDescription: 'How Kesar Foods & Locks collects, uses and protects your personal information.',
    content: html([
      '<p>This policy explains what personal information Kesar Foods &amp; Locks collects when you use our website, and how we use and protect it. It is written in line with the Digital Personal Data Protection Act, 2023.</p>',
      '<h2>Information we collect</h2>',
      '<ul>',
      '<li>Your name, e-mail address, mobile number and delivery addresses, when you create an account or place an order.</li>',
      '<li>Your order history and the items in your cart.</li>',
      '<li>Messages you send us through the contact form.</li>',
      '</ul>',
      '<h2>How we use it</h2>',
      '<p>We use your information only to process and deliver orders, to send order and account e-mails, and to answer your questions. If you subscribe to our newsletter we send you offers, and every newsletter has an unsubscribe link.</p>',
      '<h2>Payments</h2>',
      '<p>Card, UPI and wallet payments are handled by our payment partners. We never see or store your card number or UPI PIN.</p>',
      '<h2>Sharing</h2>',
      '<p>We share your name, address and phone number with our courier partners only to deliver your order. We do not sell or rent your data to anyone.</p>',
      '<h2>Your rights</h2>',
      '<p>You can ask us to correct or delete your personal data at any time by writing to <a href="mailto:care@kesarfoods.in">care@kesarfoods.in</a>.</p>',
    ]),
  },
  {
    title: 'Terms and Conditions',
    urlSlug: 'terms',
    metaKeyword: 'terms and conditions, kesar foods, online shopping terms',
    metaDescription: 'The terms that apply when you shop at Kesar Foods & Locks.',
    content: html([
      '<p>By using this website and placing an order you agree to the following terms. Please read them carefully.</p>',
      '<h2>Orders and prices</h2>',
      '<ul>',
      '<li>All prices are in Indian rupees and include GST.</li>',
      '<li>An order is confirmed when you receive our confirmation e-mail. We may cancel an order if an item is out of stock, and any amount paid is refunded in full.</li>',
      '<li>Coupon codes cannot be combined and have no cash value.</li>',
      '</ul>',
      '<h2>Food products</h2>',
      '<p>Sweets are best consumed within the period printed on the box. Please check the ingredient list for allergens such as nuts, milk and gluten before you order.</p>',
      '<h2>Locks and warranty</h2>',
      '<p>Locks carry the warranty stated on the product page, counted from the date of delivery. The warranty does not cover damage from misuse, forced entry or incorrect installation.</p>',
      '<h2>Returns</h2>',
      '<p>Food items cannot be returned once opened. Unused locks in their original packing may be returned within 7 days of delivery.</p>',
      '<h2>Governing law</h2>',
      '<p>These terms are governed by the laws of India, and the courts at Jaipur, Rajasthan have exclusive jurisdiction.</p>',
    ]),
  },
  {
    title: 'Shipping Policy',
    urlSlug: 'shipping-policy',
    metaKeyword: 'shipping policy, delivery time, free delivery india',
    metaDescription: 'Delivery times, charges and tracking for orders from Kesar Foods & Locks.',
    content: html([
      '<p>We ship to every serviceable pincode in India from our warehouses in Jaipur and Aligarh.</p>',
      '<h2>Delivery charges</h2>',
      '<ul>',
      '<li>Delivery is free on every order.</li>',
      '<li>Cash on delivery is available on every order.</li>',
      '</ul>',
      '<h2>Delivery time</h2>',
      '<p>Orders placed before 2 pm are dispatched the same working day. Metro cities usually receive their parcels in 2–4 days and the rest of India in 4–7 days.</p>',
      '<h2>Tracking</h2>',
      '<p>As soon as your parcel leaves our warehouse we send you an e-mail with the courier name and tracking number.</p>',
      '<h2>Damaged parcels</h2>',
      '<p>If a parcel arrives damaged, please share a photo with <a href="mailto:care@kesarfoods.in">care@kesarfoods.in</a> within 48 hours and we will send a replacement free of charge.</p>',
    ]),
  },
];
