import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { fieldError, fieldErrorsOf, FormResult, useSavedToast, type FormAnswer } from "~/components/admin/action-feedback";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Panel } from "~/components/admin/kit/panel";
import { SortableList } from "~/components/admin/sortable-list";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { moveItem } from "~/lib/move-item";
import { faqForm, WARRANTY_PLACEHOLDER, warrantyTitle } from "~/modules/content/content";
import type { loadFaqEditor } from "~/modules/content/content.server";

// /admin/content/faq: the one warranty statement, and the home page's FAQ with the other ways
// shoppers ask each question (the support bot answers those too).

export type FaqScreenData = { faq: Awaited<ReturnType<typeof loadFaqEditor>>; warranty: { period: string; version: number } };

export function FaqScreen({ loaderData, actionData }: { loaderData: FaqScreenData; actionData: FormAnswer }) {
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

function FaqEditor({ faq, period, actionData }: { faq: FaqScreenData["faq"]; period: string; actionData: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [items, setItems] = useState<Draft[]>(() => faq.items.map((i) => ({ ...i, phrasings: i.phrasings.join("\n"), key: i.id })));
  const update = (index: number, patch: Partial<Draft>) => setItems((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const payload = items.map(({ id, question, answer, phrasings }) => {
    const lines = phrasings.split("\n").filter((line) => line.trim());
    return id ? { id, question, answer, phrasings: lines } : { question, answer, phrasings: lines };
  });
  // The list lives in state and is posted as one field: the check reads it from there, as the action reads the field.
  const { errors, onSubmit } = useSchemaForm(faqForm, fieldErrorsOf(actionData, "faq"), () => ({ revision: faq.revision, items: payload }));
  const error = (path: string) => errors[path];
  return (
    <Form
      method="post"
      onSubmit={onSubmit}
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
