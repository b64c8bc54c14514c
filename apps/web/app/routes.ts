import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** Every screen of product rules §2. Route modules hold loader + UI; server-only code sits in *.server.ts. */
export default [
  index('routes/home.tsx'),
  route('category/:categoryId/:pageNumber/:categorySlug', 'routes/category.tsx'),
  route('product/:productId/:slug?', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('page/:slug', 'routes/content-page.tsx'),
  // One gallery route module serves both galleries (it tells them apart by the path).
  route('gallery/video/:category', 'routes/gallery.tsx', { id: 'video-gallery' }),
  // Videos are listed by category only: /gallery/video is no photo gallery named "video".
  route('gallery/video', 'routes/not-found.tsx', { id: 'video-gallery-without-category' }),
  route('gallery/:category', 'routes/gallery.tsx', { id: 'photo-gallery' }),
  route('contact-us', 'routes/contact-us.tsx'),
  route('seller-information', 'routes/seller-information.tsx'),
  route('grievance', 'routes/grievance.tsx'),
  route('settings', 'routes/debug-settings.tsx'),
  route('contents', 'routes/debug-contents.tsx'),
  route('temp', 'routes/temp.tsx'),
  route('temp/:id', 'routes/temp-item.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('verify-otp', 'routes/verify-otp.tsx'),
  route('change-password', 'routes/change-password.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('payment', 'routes/payment.tsx'),
  route('orders', 'routes/orders.tsx'),
  route('orders/:orderId', 'routes/order-details.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
