import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { fieldError, FormResult, useSavedToast } from "~/components/admin/action-feedback";
import { SortableList } from "~/components/admin/sortable-list";
import { moveItem } from "~/lib/move-item";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { answer, invalid, jsonField } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { loadedFaqIds, loadFaqEditor, saveFaqItems, saveWarranty } from "~/modules/content/content.server";
import { WARRANTY_PLACEHOLDER, warrantyTitle } from "~/modules/content/content";
import { readSettingForEdit } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.faq";
import { Panel } from "~/components/admin/kit/panel";
import { versionField } from "~/lib/version-field";

const warrantyForm = z.object({
  version: versionField,
  period: z.string().trim().min(1, "Enter the warranty, e.g. 2 years.").max(60, "Keep it under 60 characters."),
});
const faqForm = z.object({
  revision: z.string(),
  items: z
    .array(
      z.object({
        id: z.string().uuid().optional(),
        question: z.string().trim().min(1, "Enter the question.").max(300, "Keep the question under 300 characters."),
        answer: z.string().trim().min(1, "Enter the answer.").max(3000, "Keep the answer under 3000 characters."),
        phrasings: z.array(z.string().trim().max(300, "Keep each phrasing under 300 characters.")).max(30, "At most 30 other phrasings.").default([]),
      }),
    )
    .max(30, "At most 30 questions."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  const [faq, warranty] = await Promise.all([loadFaqEditor(context.services.db), readSettingForEdit(context.services.db, "warranty")]);
  return { faq, warranty: { period: warranty.value.period, version: warranty.version } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "content", "edit");
  const actor = { id: staff.user.id, email: staff.user.email };
  const form = await request.formData();
  if (form.get("intent") === "warranty") {
    const parsed = warrantyForm.safeParse({ version: form.get("version"), period: form.get("period") });
    if (!parsed.success) return invalid("warranty", parsed.error);
    return answer("warranty", await saveWarranty(context.services, actor, parsed.data.period, parsed.data.version));
  }
  const parsed = faqForm.safeParse({ revision: form.get("revision"), items: jsonField(form, "items") });
  if (!parsed.success) return invalid("faq", parsed.error);
  // Dropping a question deletes its row: that needs the delete permission too (adding one, create).
  const kept = new Set(parsed.data.items.flatMap((i) => (i.id ? [i.id] : [])));
  if (loadedFaqIds(parsed.data.revision).some((id) => !kept.has(id))) await requireActionPermission(context.services, request, "content", "delete");
  if (parsed.data.items.some((i) => !i.id)) await requireActionPermission(context.services, request, "content", "create");
  return answer("faq", await saveFaqItems(context.services, actor, parsed.data.items, parsed.data.revision));
}

export const meta: Route.MetaFunction = () => adminMeta("FAQ and warranty");

export default function FaqAndWarranty({ loaderData, actionData }: Route.ComponentProps) {
  useSavedToast(actionData);
  const busy = useNavigation().state === "submitting";
  const [period, setPeriod] = useState(loaderData.warranty.period);
  return (
    <div className="space-y-8">
      <Form method="post" key={`warranty-${loaderData.warranty.version}`}>
        <Panel
          title="Warranty statement"
          description={<>One statement for the whole shop: the home page&rsquo;s service strip and every FAQ answer containing {WARRANTY_PLACEHOLDER} print it.</>}
          className="space-y-3"
        >
          <FormResult result={actionData} form="warranty" />
          <input type="hidden" name="intent" value="warranty" />
          <input type="hidden" name="version" value={loaderData.warranty.version} />
          <TextField
            label="Warranty"
            name="period"
            required
            maxLength={60}
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            hint={period.trim() ? `Printed as “${warrantyTitle(period)}”.` : undefined}
            error={fieldError(actionData, "warranty", "period")}
            className="max-w-sm"
          />
          <Button type="submit" variant="primary" disabled={busy}>
            Save warranty
          </Button>
        </Panel>
      </Form>
      <FaqEditor key={loaderData.faq.revision} faq={loaderData.faq} period={loaderData.warranty.period} actionData={actionData} />
    </div>
  );
}

type Draft = { key: string; id?: string; question: string; answer: string; phrasings: string };
let nextKey = 0;

function FaqEditor({ faq, period, actionData }: { faq: Route.ComponentProps["loaderData"]["faq"]; period: string; actionData: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().state === "submitting";
  const [items, setItems] = useState<Draft[]>(() => faq.items.map((i) => ({ ...i, phrasings: i.phrasings.join("\n"), key: i.id })));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const error = (path: string) => localErrors[path] ?? fieldError(actionData, "faq", path);
  const update = (index: number, patch: Partial<Draft>) => setItems((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const payload = items.map(({ id, question, answer, phrasings }) => {
    const lines = phrasings.split("\n").filter((line) => line.trim());
    return id ? { id, question, answer, phrasings: lines } : { question, answer, phrasings: lines };
  });
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        const parsed = faqForm.safeParse({ revision: faq.revision, items: payload });
        if (parsed.success) return setLocalErrors({});
        event.preventDefault();
        setLocalErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      }}
    >
      <Panel
        title="Home page FAQ"
        description={
          <>
            &lsquo;Frequently Asked Questions&rsquo; near the bottom of the home page, in this order. Write {WARRANTY_PLACEHOLDER} where the warranty belongs (now &ldquo;{warrantyTitle(period)}&rdquo;).
          </>
        }
      >
        <FormResult result={actionData} form="faq" />
        <input type="hidden" name="intent" value="faq" />
        <input type="hidden" name="revision" value={faq.revision} />
        <input type="hidden" name="items" value={JSON.stringify(payload)} />
        {items.length === 0 ? <p className="mt-4 text-sm">No questions: the home page hides its FAQ.</p> : null}
        <SortableList
          label="FAQ questions, in home page order"
          className="mt-4"
          items={items}
          getKey={(d) => d.key}
          getLabel={(d, i) => `question ${i + 1}`}
          onMove={(from, to) => setItems((list) => moveItem(list, from, to))}
          renderItem={(d, index) => (
            <div className="space-y-2">
              <TextField label={`Question ${index + 1}`} value={d.question} maxLength={300} onChange={(event) => update(index, { question: event.target.value })} error={error(`items.${index}.question`)} />
              <TextAreaField label={`Answer ${index + 1}`} rows={3} value={d.answer} maxLength={3000} onChange={(event) => update(index, { answer: event.target.value })} error={error(`items.${index}.answer`)} />
              <TextAreaField
                label={`Other ways shoppers ask question ${index + 1}`}
                hint="One per line, in shoppers' own words: the support bot answers these too."
                rows={2}
                value={d.phrasings}
                onChange={(event) => update(index, { phrasings: event.target.value })}
                error={error(`items.${index}.phrasings`)}
              />
              <Button size="sm" variant="ghost" onClick={() => setItems((all) => all.filter((_, i) => i !== index))}>
                <Trash2 className="size-4" aria-hidden="true" /> Remove question {index + 1}
              </Button>
            </div>
          )}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => setItems((all) => [...all, { key: `new-${nextKey++}`, question: "", answer: "", phrasings: "" }])}>
            <Plus className="size-4" aria-hidden="true" /> Add a question
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Save FAQ
          </Button>
        </div>
      </Panel>
    </Form>
  );
}
