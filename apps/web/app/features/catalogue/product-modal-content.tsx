import { Anchor, Badge, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatInr } from '@shop/contract/money';
import { descriptionText } from '@shop/contract/product-description';
import { IconArrowRight, IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FoodMarkLabel } from './food-mark-label.tsx';
import { type Product, formatWeight, productLargeUrl } from './product.ts';
import { ProductCartActions } from './product-cart-actions.tsx';
import { productPath } from './product-url.ts';
import { StockState } from './stock-state.tsx';

/**
 * Large (original) image, price, weight, description and the cart actions of one product, and a
 * link to its own page (with the declarations the modal leaves out). Following any link closes
 * the modal (ProductModalProvider closes it on every navigation).
 */
export default function ProductModalContent({ product }: { product: Product }) {
  const image = productLargeUrl(product);
  const mrp = product.mrp && product.mrp > product.selling_price ? product.mrp : null;
  // The modal is a summary: the words of the description; the product page shows its formatting.
  const description = descriptionText(product.description);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={30}>
      <Box
        bg="saffron.0"
        style={{
          borderRadius: 12,
          overflow: 'hidden',
          aspectRatio: '1 / 1',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {image ? (
          <img
            src={image}
            alt={product.main_image_alt || product.name}
            width={800}
            height={800}
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <IconPhotoOff size={64} color="var(--mantine-color-gray-5)" aria-label="No image" />
        )}
      </Box>
      <Stack gap="md">
        <Group gap="xs">
          <FoodMarkLabel foodType={product.food_type} />
          <StockState inStock={product.available_stock > 0} />
          <Badge color="saffron" variant="light" c="saffron.9">
            {formatWeight(product.item_weight)}
          </Badge>
        </Group>
        <Group gap="sm" align="baseline">
          <Text fz={28} fw={800} c="maroon.9">
            {formatInr(Number(product.selling_price))}
          </Text>
          {mrp && (
            <Text td="line-through" c="gray.7" fz="md">
              {formatInr(mrp)}
            </Text>
          )}
        </Group>
        {description && <Text c="gray.8">{description}</Text>}
        <ProductCartActions product={product} withRemove />
        <Anchor component={Link} to={productPath(product)} c="maroon.8" fw={600}>
          See full product details{' '}
          <IconArrowRight size={16} aria-hidden style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
    </SimpleGrid>
  );
}
