import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { fieldErrorsOf, FormResult, type FormAnswer } from "~/components/admin/action-feedback";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { MenuPreview } from "~/components/admin/menu-preview";
import { SortableList } from "~/components/admin/sortable-list";
import { moveItem } from "~/lib/move-item";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { menuForm, type MenuItem } from "~/modules/content/content";
import { Panel } from "~/components/admin/kit/panel";

type LinkDraft = { key: string; label: string; url: string };
type SectionDraft = { key: string; title: string; links: LinkDraft[] };
type ItemDraft = { key: string; id: string; type: "simple" | "megamenu"; label: string; url: string; sections: SectionDraft[] };
/** A short visible label whose accessible name also says which row it belongs to. */
function named(visible: string, context: string) {
  return (
    <>
      {visible}
      <span className="sr-only"> {context}</span>
    </>
  );
}

type Result = FormAnswer;

let counter = 0;
const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

function toDrafts(items: MenuItem[]): ItemDraft[] {
  return items.map((item) => ({
    key: item.id,
    id: item.id,
    type: item.type,
    label: item.label,
    url: item.url ?? "",
    sections:
      item.type === "megamenu"
        ? item.sections.map((s) => ({ key: newKey("section"), title: s.title, links: s.links.map((l) => ({ key: newKey("link"), label: l.label, url: l.url })) }))
        : [],
  }));
}

function toItems(drafts: ItemDraft[]): MenuItem[] {
  return drafts.map((d, i) =>
    d.type === "simple"
      ? { id: d.id, order: i + 1, type: "simple", label: d.label, url: d.url }
      : {
          id: d.id,
          order: i + 1,
          type: "megamenu",
          label: d.label,
          ...(d.url.trim() ? { url: d.url } : {}),
          sections: d.sections.map((s) => ({ title: s.title, links: s.links.map((l, j) => ({ label: l.label, url: l.url, order: j + 1 })) })),
        },
  );
}

/** The header menu editor: entries, mega-menu sections and their links, each reorderable, with a live preview. */
export function MenuEditor({ items: initial, version, result }: { items: MenuItem[]; version: number; result: Result }) {
  const busy = useNavigation().state === "submitting";
  const [drafts, setDrafts] = useState(() => toDrafts(initial));
  const items = toItems(drafts);
  // The menu lives in state and is posted as one field: the check reads it from there.
  const serverErrors = fieldErrorsOf(result, "menu");
  const { errors, onSubmit } = useSchemaForm(menuForm, serverErrors, () => ({ version, items }));
  const error = (path: string) => errors[path];
  const patchItem = (index: number, patch: Partial<ItemDraft>) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const patchSections = (index: number, change: (sections: SectionDraft[]) => SectionDraft[]) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, sections: change(d.sections) } : d)));

  return (
    <div className="grid gap-6 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Form
        method="post"
        onSubmit={onSubmit}
      >
        <Panel title="Header menu">
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Simple links and mega-menus (sections of links). While the menu is empty the storefront shows its default four links.
          </p>
          <div className="mt-3">
            <FormResult result={result} form="menu" />
            {/* The server's refusal says this itself (FormResult); the browser's own check says it here. */}
            {Object.keys(errors).length && errors !== serverErrors ? (
              <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
                Please correct the highlighted fields.
              </p>
            ) : null}
          </div>
          <input type="hidden" name="intent" value="menu" />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="items" value={JSON.stringify(items)} />
          <SortableList
            label="Menu entries, in header order"
            className="mt-4"
            items={drafts}
            getKey={(d) => d.key}
            getLabel={(d, i) => d.label || `entry ${i + 1}`}
            onMove={(from, to) => setDrafts((list) => moveItem(list, from, to))}
            renderItem={(d, index) => (
              <fieldset className="space-y-3">
                <legend className="text-sm font-semibold">
                  Entry {index + 1}: {d.type === "simple" ? "simple link" : "mega-menu"}
                </legend>
                <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
                  <TextField label={named("Label", `of entry ${index + 1}`)} value={d.label} maxLength={80} onChange={(e) => patchItem(index, { label: e.target.value })} error={error(`items.${index}.label`)} />
                  <TextField
                    label={d.type === "simple" ? named("Link", `of entry ${index + 1}`) : named("“Shop all” link (optional)", `of entry ${index + 1}`)}
                    value={d.url}
                    maxLength={500}
                    placeholder="/bottles"
                    onChange={(e) => patchItem(index, { url: e.target.value })}
                    error={error(`items.${index}.url`)}
                  />
                  <SelectField
                    label={named("Kind", `of entry ${index + 1}`)}
                    value={d.type}
                    onChange={(e) => {
                      const type = e.target.value === "megamenu" ? "megamenu" : "simple";
                      patchItem(index, { type, sections: type === "megamenu" && d.sections.length === 0 ? [{ key: newKey("section"), title: "", links: [{ key: newKey("link"), label: "", url: "" }] }] : d.sections });
                    }}
                  >
                    <option value="simple">Simple link</option>
                    <option value="megamenu">Mega-menu</option>
                  </SelectField>
                </div>
                {d.type === "megamenu" ? (
                  <SectionsEditor
                    entry={d.label || `entry ${index + 1}`}
                    path={`items.${index}.sections`}
                    sections={d.sections}
                    error={error}
                    onChange={(change) => patchSections(index, change)}
                  />
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))}>
                  <Trash2 className="size-4" aria-hidden="true" /> Remove entry {index + 1}
                </Button>
              </fieldset>
            )}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onClick={() => setDrafts((all) => [...all, { key: newKey("item"), id: newKey("item"), type: "simple", label: "", url: "", sections: [] }])}>
              <Plus className="size-4" aria-hidden="true" /> Add a simple link
            </Button>
            <Button
              onClick={() =>
                setDrafts((all) => [
                  ...all,
                  { key: newKey("item"), id: newKey("item"), type: "megamenu", label: "", url: "", sections: [{ key: newKey("section"), title: "", links: [{ key: newKey("link"), label: "", url: "" }] }] },
                ])
              }
            >
              <Plus className="size-4" aria-hidden="true" /> Add a mega-menu
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              Save menu
            </Button>
          </div>
        </Panel>
      </Form>
      <Panel title="Live preview" description="Follows your edits; the storefront changes when you save.">
        <MenuPreview items={items} />
      </Panel>
    </div>
  );
}

function SectionsEditor({
  entry,
  path,
  sections,
  error,
  onChange,
}: {
  entry: string;
  path: string;
  sections: SectionDraft[];
  error: (path: string) => string | undefined;
  onChange: (change: (sections: SectionDraft[]) => SectionDraft[]) => void;
}) {
  const patch = (index: number, p: Partial<SectionDraft>) => onChange((all) => all.map((s, i) => (i === index ? { ...s, ...p } : s)));
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3 dark:bg-slate-800/50">
      <p className="text-sm font-medium">Sections of {entry}</p>
      {error(path) ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error(path)}
        </p>
      ) : null}
      <SortableList
        label={`Sections of ${entry}`}
        items={sections}
        getKey={(s) => s.key}
        getLabel={(s, i) => `section ${s.title || i + 1} of ${entry}`}
        onMove={(from, to) => onChange((list) => moveItem(list, from, to))}
        renderItem={(section, s) => (
          <div className="space-y-2">
            <TextField label={named("Section title", `of section ${s + 1} of ${entry}`)} value={section.title} maxLength={80} onChange={(e) => patch(s, { title: e.target.value })} error={error(`${path}.${s}.title`)} />
            {error(`${path}.${s}.links`) ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error(`${path}.${s}.links`)}
              </p>
            ) : null}
            <SortableList
              label={`Links of section ${s + 1} of ${entry}`}
              items={section.links}
              getKey={(l) => l.key}
              getLabel={(l, i) => `link ${l.label || i + 1} in section ${s + 1}`}
              onMove={(from, to) => patch(s, { links: moveItem(section.links, from, to) })}
              renderItem={(link, l) => (
                <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                  <TextField
                    label={named(`Link ${l + 1} label`, `in section ${s + 1} of ${entry}`)}
                    value={link.label}
                    maxLength={80}
                    onChange={(e) => patch(s, { links: section.links.map((x, i) => (i === l ? { ...x, label: e.target.value } : x)) })}
                    error={error(`${path}.${s}.links.${l}.label`)}
                  />
                  <TextField
                    label={named(`Link ${l + 1} address`, `in section ${s + 1} of ${entry}`)}
                    value={link.url}
                    maxLength={500}
                    placeholder="/collections/matte"
                    onChange={(e) => patch(s, { links: section.links.map((x, i) => (i === l ? { ...x, url: e.target.value } : x)) })}
                    error={error(`${path}.${s}.links.${l}.url`)}
                  />
                  <Button size="sm" variant="ghost" className="self-end" aria-label={`Remove link ${l + 1} in section ${s + 1} of ${entry}`} onClick={() => patch(s, { links: section.links.filter((_, i) => i !== l) })}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => patch(s, { links: [...section.links, { key: newKey("link"), label: "", url: "" }] })}>
                <Plus className="size-4" aria-hidden="true" /> Add a link to section {s + 1} of {entry}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onChange((all) => all.filter((_, i) => i !== s))}>
                <Trash2 className="size-4" aria-hidden="true" /> Remove section {s + 1} of {entry}
              </Button>
            </div>
          </div>
        )}
      />
      <Button size="sm" onClick={() => onChange((all) => [...all, { key: newKey("section"), title: "", links: [{ key: newKey("link"), label: "", url: "" }] }])}>
        <Plus className="size-4" aria-hidden="true" /> Add a section to {entry}
      </Button>
    </div>
  );
}
