import {
  Anchor,
  Button,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import {
  type AdminCategory,
  type AdminProduct,
  type AdminProductRow,
  GST_RATES,
  hsnWarning,
  slugify,
} from '@shop/contract/admin/catalogue';
import type { Collection } from '@shop/contract/collection';
import { paiseToRupees, rupeesToPaise } from '@shop/contract/money';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { IconBoxSeam } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { adminApi } from '../../api.ts';
import { labelledEditorProps } from '../../forms/rich-text-label.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { categoryOptions } from './category-tree.ts';
import {
  DECLARATION_FIELDS,
  type DeclarationsForm,
  DeclarationsFieldset,
  declarationsBody,
  declarationsOf,
  emptyDeclarations,
} from './product-declarations-fields.tsx';
import { ProductImages } from './product-images.tsx';
import { StockDialog } from './stock-dialog.tsx';

interface FormState extends DeclarationsForm {
  name: string;
  url_slug: string;
  category_id: string | null;
  /** Rupees as typed (₹); sent as paise. */
  price: number | string;
  mrp: number | string;
  item_weight: number | string;
  product_labels: string[];
  featured: boolean;
  is_active: boolean;
  display_order: number | string;
  hsn_code: string;
  gst_rate: string;
  low_stock_threshold: number | string;
  related: { value: string; label: string }[];
  initial_stock: number | string;
}

const empty: FormState = {
  name: '',
  url_slug: '',
  category_id: null,
  price: '',
  mrp: '',
  item_weight: 0,
  product_labels: [],
  featured: false,
  is_active: true,
  display_order: 0,
  hsn_code: '',
  gst_rate: '18',
  low_stock_threshold: '',
  related: [],
  initial_stock: 0,
  ...emptyDeclarations,
};

const FIELDS = [
  'name',
  'url_slug',
  'category_id',
  'selling_price_paise',
  'mrp_paise',
  'item_weight',
  'product_labels',
  'display_order',
  'hsn_code',
  'gst_rate',
  'low_stock_threshold',
  'related_ids',
  'initial_stock',
  'description',
  ...DECLARATION_FIELDS,
];

const toNumber = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));
const toPaise = (v: number | string) => {
  const n = toNumber(v);
  return n === null || !Number.isFinite(n) ? null : rupeesToPaise(n);
};

/**
 * One product's edit form (or a new product's): every field the shop shows. Prices are typed in
 * rupees with Indian grouping and sent as paise; the description is rich text that the server
 * sanitises; stock changes go through the stock dialog so that each has a reason.
 */
export default function ProductEditPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(empty);
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [stockOpen, setStockOpen] = useState(false);
  const [found, setFound] = useState<{ value: string; label: string }[]>([]);
  const [relatedSearch, setRelatedSearch] = useState('');
  const { submit, submitting, formError, fieldErrors } = useSubmit(FIELDS);
  const editor = useEditor({
    extensions: [StarterKit, Link],
    content: '',
    immediatelyRender: false,
    editorProps: labelledEditorProps('description-label'),
  });
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    adminApi
      .get<{ items: AdminCategory[] }>('categories')
      .then((t) => setCategories(t.items))
      .catch(notifyFailed);
  }, []);

  useEffect(() => {
    if (isNew || !id) return;
    adminApi
      .get<AdminProduct>(`products/${id}`)
      .then((p) => {
        setProduct(p);
        setForm({
          name: p.name,
          url_slug: p.url_slug,
          category_id: String(p.category_id),
          price: paiseToRupees(p.selling_price_paise),
          mrp: p.mrp_paise === null ? '' : paiseToRupees(p.mrp_paise),
          item_weight: p.item_weight,
          product_labels: p.product_labels,
          featured: p.featured,
          is_active: p.is_active,
          display_order: p.display_order,
          hsn_code: p.hsn_code ?? '',
          gst_rate: String(p.gst_rate),
          low_stock_threshold: p.own_low_stock_threshold ?? '',
          related: p.related.map((r) => ({ value: String(r.id), label: r.name })),
          initial_stock: 0,
          ...declarationsOf(p),
        });
      })
      .catch(notifyFailed);
  }, [id, isNew]);

  useEffect(() => {
    if (editor && product) editor.commands.setContent(product.description);
  }, [editor, product]);

  // Related products: search as one types; the chosen ones keep their names.
  useEffect(() => {
    const text = relatedSearch.trim();
    if (text.length < 2) return;
    const timer = setTimeout(() => {
      adminApi
        .get<Collection<AdminProductRow>>('products', { q: text, 'per-page': 20 })
        .then((c) =>
          setFound(
            c.items.filter((p) => String(p.id) !== id).map((p) => ({ value: String(p.id), label: p.name })),
          ),
        )
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [relatedSearch, id]);
  const relatedData = useMemo(() => {
    const all = new Map([...form.related, ...found].map((o) => [o.value, o]));
    return [...all.values()];
  }, [form.related, found]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name: form.name,
      ...(form.url_slug.trim() ? { url_slug: form.url_slug.trim() } : {}),
      description: editor && !editor.isEmpty ? editor.getHTML() : '',
      category_id: Number(form.category_id),
      selling_price_paise: toPaise(form.price),
      mrp_paise: toPaise(form.mrp),
      item_weight: toNumber(form.item_weight) ?? 0,
      product_labels: form.product_labels,
      featured: form.featured,
      is_active: form.is_active,
      display_order: toNumber(form.display_order) ?? 0,
      hsn_code: form.hsn_code.trim() || null,
      gst_rate: Number(form.gst_rate),
      low_stock_threshold: toNumber(form.low_stock_threshold),
      related_ids: form.related.map((r) => Number(r.value)),
      ...(isNew ? { initial_stock: toNumber(form.initial_stock) ?? 0 } : {}),
      ...declarationsBody(form),
    };
    const saved = await submit(() =>
      isNew
        ? adminApi.post<AdminProduct>('products', body)
        : adminApi.patch<AdminProduct>(`products/${id}`, body),
    );
    if (!saved) return;
    notifySaved(`${saved.name} saved.`);
    setProduct(saved);
    if (isNew) navigate(`/catalogue/products/${saved.id}`, { replace: true });
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Anchor component={RouterLink} to="/catalogue/products" size="sm">
            ← Products
          </Anchor>
          <Title order={1} size="h2">
            {isNew ? 'New product' : (product?.name ?? 'Product')}
          </Title>
        </div>
        {product && (
          <Button
            variant="default"
            leftSection={<IconBoxSeam size={16} />}
            onClick={() => setStockOpen(true)}
          >
            Stock: {product.available_stock}
          </Button>
        )}
      </Group>
      <form onSubmit={onSubmit} aria-label="Product">
        <Stack gap="md">
          <FormError message={formError} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <TextInput
                    label="Name"
                    value={form.name}
                    onChange={(e) => set('name', e.currentTarget.value)}
                    error={fieldErrors.name}
                    required
                  />
                  <TextInput
                    label="Address (slug)"
                    description={isNew ? `Left empty: ${slugify(form.name || 'product-name')}` : undefined}
                    value={form.url_slug}
                    onChange={(e) => set('url_slug', e.currentTarget.value)}
                    error={fieldErrors.url_slug}
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4} id="description-label">
                      Description
                    </Text>
                    <RichTextEditor editor={editor}>
                      <RichTextEditor.Toolbar>
                        <RichTextEditor.ControlsGroup>
                          <RichTextEditor.Bold />
                          <RichTextEditor.Italic />
                          <RichTextEditor.BulletList />
                          <RichTextEditor.OrderedList />
                          <RichTextEditor.Link />
                          <RichTextEditor.Unlink />
                        </RichTextEditor.ControlsGroup>
                      </RichTextEditor.Toolbar>
                      <RichTextEditor.Content mih={140} />
                    </RichTextEditor>
                    {fieldErrors.description && (
                      <Text c="red" size="xs">
                        {fieldErrors.description}
                      </Text>
                    )}
                  </div>
                  <MultiSelect
                    label="Related products"
                    description="Type at least two letters to search"
                    data={relatedData}
                    value={form.related.map((r) => r.value)}
                    onChange={(values) =>
                      set(
                        'related',
                        values.map(
                          (v) => relatedData.find((o) => o.value === v) ?? { value: v, label: `#${v}` },
                        ),
                      )
                    }
                    searchable
                    searchValue={relatedSearch}
                    onSearchChange={setRelatedSearch}
                    filter={({ options }) => options}
                    maxValues={12}
                    error={fieldErrors.related_ids}
                  />
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md" mt="md" data-testid="product-images">
                {isNew || !id ? (
                  <Text size="sm" c="dimmed">
                    Images can be added once the product is created.
                  </Text>
                ) : (
                  <ProductImages productId={Number(id)} />
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Select
                    label="Category"
                    data={categoryOptions(categories)}
                    value={form.category_id}
                    onChange={(v) => set('category_id', v)}
                    searchable
                    required
                    error={fieldErrors.category_id}
                  />
                  <NumberInput
                    label="Selling price"
                    prefix="₹"
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator=","
                    thousandsGroupStyle="lakh"
                    min={0}
                    value={form.price}
                    onChange={(v) => set('price', v)}
                    error={fieldErrors.selling_price_paise}
                    required
                  />
                  <NumberInput
                    label="MRP"
                    prefix="₹"
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator=","
                    thousandsGroupStyle="lakh"
                    min={0}
                    value={form.mrp}
                    onChange={(v) => set('mrp', v)}
                    error={fieldErrors.mrp_paise}
                  />
                  <Switch
                    label="Shown on the shop"
                    checked={form.is_active}
                    onChange={(e) => set('is_active', e.currentTarget.checked)}
                  />
                  <Switch
                    label="Featured on the home page"
                    checked={form.featured}
                    onChange={(e) => set('featured', e.currentTarget.checked)}
                  />
                  <TagsInput
                    label="Labels"
                    description="For example New, Bestseller"
                    value={form.product_labels}
                    onChange={(v) => set('product_labels', v)}
                    error={fieldErrors.product_labels}
                  />
                  <NumberInput
                    label="Net weight (g)"
                    allowDecimal={false}
                    min={0}
                    value={form.item_weight}
                    onChange={(v) => set('item_weight', v)}
                    error={fieldErrors.item_weight}
                  />
                  <Group grow align="flex-start">
                    <TextInput
                      label="HSN code"
                      value={form.hsn_code}
                      onChange={(e) => set('hsn_code', e.currentTarget.value)}
                      error={fieldErrors.hsn_code}
                      description={
                        hsnWarning(form.hsn_code) && (
                          <Text component="span" size="xs" c="orange.9" role="status">
                            {hsnWarning(form.hsn_code)}
                          </Text>
                        )
                      }
                    />
                    <Select
                      label="GST rate"
                      data={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
                      value={form.gst_rate}
                      onChange={(v) => set('gst_rate', v ?? '18')}
                      allowDeselect={false}
                      error={fieldErrors.gst_rate}
                    />
                  </Group>
                  <NumberInput
                    label="Low-stock threshold"
                    description="Empty: the shop's default"
                    allowDecimal={false}
                    min={0}
                    value={form.low_stock_threshold}
                    onChange={(v) => set('low_stock_threshold', v)}
                    error={fieldErrors.low_stock_threshold}
                  />
                  <NumberInput
                    label="Display order"
                    allowDecimal={false}
                    min={0}
                    value={form.display_order}
                    onChange={(v) => set('display_order', v)}
                    error={fieldErrors.display_order}
                  />
                  {isNew && (
                    <NumberInput
                      label="Opening stock"
                      allowDecimal={false}
                      min={0}
                      value={form.initial_stock}
                      onChange={(v) => set('initial_stock', v)}
                      error={fieldErrors.initial_stock}
                    />
                  )}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
          <DeclarationsFieldset
            form={form}
            onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
            errors={fieldErrors}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {isNew ? 'Create product' : 'Save product'}
            </Button>
          </Group>
        </Stack>
      </form>
      <StockDialog
        product={stockOpen && product ? product : null}
        onClose={() => setStockOpen(false)}
        onChanged={(stock) => setProduct((p) => (p ? { ...p, available_stock: stock } : p))}
      />
    </Stack>
  );
}
