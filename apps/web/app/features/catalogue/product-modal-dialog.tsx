import { Modal } from '@mantine/core';
import type { Product } from './product.ts';
import ProductModalContent from './product-modal-content.tsx';

interface Props {
  product: Product;
  opened: boolean;
  onClose: () => void;
}

/** The product modal (product rules §2, §9): size 1000, padding 30, 200 ms transition, close icon (named by the theme). */
export default function ProductModalDialog({ product, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={1000}
      padding={30}
      radius="lg"
      centered
      transitionProps={{ duration: 200 }}
      title={product.name}
      styles={{ title: { fontWeight: 700, fontSize: '1.35rem', color: 'var(--mantine-color-maroon-9)' } }}
    >
      <ProductModalContent product={product} />
    </Modal>
  );
}
