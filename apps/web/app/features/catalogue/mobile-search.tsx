import { Modal } from '@mantine/core';
import { SearchBox } from './search-box.tsx';

/** The search on mobile opens in a modal (product rules §2); its right icon is always a cross. */
export default function MobileSearch({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search products"
      fullScreen
      transitionProps={{ duration: 200 }}
      closeButtonProps={{ 'aria-label': 'Close search' }}
    >
      <SearchBox inModal onDone={onClose} />
    </Modal>
  );
}
