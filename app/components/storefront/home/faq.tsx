import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

export type FaqEntry = { id: string; question: string; answer: string };

/** 'Frequently Asked Questions': single-open, collapsible. */
export function HomeFaq({ items }: { items: FaqEntry[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading" className="render-when-near mx-auto max-w-3xl px-4 py-12">
      <h2 id="faq-heading" className="text-center text-3xl font-bold">
        Frequently Asked Questions
      </h2>
      <Accordion type="single" collapsible className="mt-8">
        {items.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
