import { Button, FileInput, Group, Image, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ITEM_IMAGE_MAX_BYTES, STORE_MESSAGES as M, addProductBody, updateProductBody, type StoreItem } from '../../../shared/contracts/store';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { uploadForOneUse } from '../library';
import { useAddItem, useCategories, useSellers, useUpdateItem, type ProductPayload } from './api';

const FIELDS = ['item_name', 'item_code', 'item_price', 'quantity', 'shipping_cost', 'tax_applicable', 'item_image', 'select_category', 'sellerId'] as const;
type Field = (typeof FIELDS)[number];
type FormInput = {
  item_name: string; item_code: string; item_price: string; quantity: string; shipping_cost: string; tax_applicable: boolean;
  select_category: string | null; sellerId: string | null;
};
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const NEW_ID = '00000000-0000-4000-8000-000000000000';
const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));

/** Add or edit an item: every field of docs/domains/store.md "Data and calls"'s store item, its picture uploaded here. */
function ProductForm({ item, provider, onDone }: { item?: StoreItem; provider: boolean; onDone: () => void }) {
  const form = useForm<FormInput>({
    defaultValues: {
      item_name: item?.item_name ?? '', item_code: item?.item_code ?? '', item_price: money(item?.item_price), quantity: item ? String(item.quantity) : '0',
      shipping_cost: money(item?.shipping_cost), tax_applicable: item?.tax_applicable ?? false,
      select_category: item?.select_category?._id ?? null, sellerId: item?.seller?._id ?? null,
    },
  });
  const { errors } = form.formState;
  const [image, setImage] = useState<{ _id: string; location: string } | null>(item?.item_image[0] ?? null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useCategories();
  const sellers = useSellers('dropdown', provider);
  const add = useAddItem();
  const update = useUpdateItem();

  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > ITEM_IMAGE_MAX_BYTES) return setImageError(M.imageTooLarge);
    setImageError(null);
    setUploading(0);
    uploadForOneUse(file, setUploading)
      .then((ref) => setImage({ _id: ref._id, location: ref.url }))
      .catch((e: unknown) => setImageError(errorMessage(e)))
      .finally(() => setUploading(null));
  };

  const save = form.handleSubmit((v) => {
    setFailure(null);
    // Optional fields travel as null when empty (docs/domains/store.md "Data and calls").
    const payload: ProductPayload = {
      item_name: v.item_name, item_code: v.item_code.trim() || null, item_price: v.item_price, shipping_cost: v.shipping_cost.trim() || null,
      tax_applicable: v.tax_applicable, item_image: image?._id ?? null, select_category: v.select_category, sellerId: provider ? v.sellerId : null,
    };
    // The server's own schema first: its messages under the fields, before any request.
    const checked = item ? updateProductBody.safeParse({ ...payload, id: item._id }) : addProductBody.safeParse({ ...payload, quantity: v.quantity, id: NEW_ID });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (field === 'item_image') setImageError(issue.message);
        else if (FIELDS.includes(field)) form.setError(field as keyof FormInput, { type: 'client', message: issue.message });
      }
      return;
    }
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: (e: unknown) => {
        const applied = applyFieldErrors(e, (f, err, o) => (f === 'item_image' ? setImageError(err.message) : form.setError(f as keyof FormInput, err, o)), FIELDS);
        if (!applied) setFailure(errorMessage(e));
      },
    };
    if (item) update.mutate({ ...payload, id: item._id }, options);
    else add.mutate({ ...payload, quantity: v.quantity }, options);
  });

  return (
    <form noValidate onSubmit={save} aria-label={item ? 'Edit item' : 'Add item'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Item Name" required data-autofocus error={errors.item_name?.message} {...form.register('item_name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Item Code" error={errors.item_code?.message} {...form.register('item_code')} />
          <Controller control={form.control} name="select_category" render={({ field }) => (
            <Select label="Category" placeholder={categories.data?.length === 0 ? 'No categories yet' : 'No category'} clearable
              data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))} value={field.value} onChange={field.onChange}
              error={errors.select_category?.message} />
          )} />
          <TextInput label="Item Price ($)" required inputMode="decimal" error={errors.item_price?.message} {...form.register('item_price')} />
          <TextInput label="Shipping Cost ($)" inputMode="decimal" error={errors.shipping_cost?.message} {...form.register('shipping_cost')} />
          {item ? (
            <TextInput label="Quantity" value={String(item.quantity)} readOnly description="Change the stock in Inventory, with a reason." />
          ) : (
            <TextInput label="Quantity" required inputMode="numeric" description="The opening stock." error={errors.quantity?.message} {...form.register('quantity')} />
          )}
          {provider && (
            <Controller control={form.control} name="sellerId" render={({ field }) => (
              <Select label="Seller" placeholder="No seller" clearable data={(sellers.data?.results ?? []).map((s) => ({ value: s._id, label: `${s.first_name} ${s.last_name}` }))}
                value={field.value} onChange={field.onChange} error={errors.sellerId?.message} />
            )} />
          )}
        </SimpleGrid>
        <Switch label="Tax applicable" {...form.register('tax_applicable')} />
        <Paper withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }}>
          <Text component="legend" size="sm" fw={500} px={4}>Item image</Text>
          <Group align="flex-start" gap="sm">
            {image ? <Image src={image.location} alt="Item image preview" w={96} h={72} fit="contain" radius="sm" bg="gray.0" /> : <Text size="sm" c="gray.7">No image: the store shows a placeholder.</Text>}
            {image && <Button size="compact-xs" variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={14} />} onClick={() => setImage(null)}>Remove image</Button>}
          </Group>
          <FileInput mt="xs" label="Upload an image" description="PNG, JPEG, GIF or WebP, up to 5 MB" accept={IMAGE_TYPES} leftSection={<IconUpload size={16} />}
            placeholder={uploading !== null ? `Uploading… ${uploading}%` : 'Choose an image'} value={null} onChange={upload} disabled={uploading !== null}
            error={imageError ?? undefined} clearable={false} styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }} />
        </Paper>
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending || uploading !== null} submitLabel={item ? 'Save item' : 'Add item'} />
      </Stack>
    </form>
  );
}

export type ItemEditing = { mode: 'add' } | { mode: 'edit'; item: StoreItem } | null;

export function ProductFormModal({ editing, provider, onClose }: { editing: ItemEditing; provider: boolean; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit item' : 'Add item'} size="lg">
      {editing && <ProductForm item={editing.mode === 'edit' ? editing.item : undefined} provider={provider} onDone={onClose} />}
    </AppModal>
  );
}
