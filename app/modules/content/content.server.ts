// The content module's face for server code: the only file of it that code outside the module imports
// (besides content.ts, its browser-safe face).
export { notifyContentChanged } from "./content-events.server";
export { addFaqItem, addFaqPhrasing, listFaqChoices, loadedFaqIds, loadFaqEditor, saveFaqItems } from "./faq-editor.server";
export { listFaqItems } from "./faq.server";
export { listContentPages, listFaqWithPhrasings } from "./knowledge.server";
export { loadMenuEditor, saveHeaderMenu } from "./menu-editor.server";
export { getHeaderMenu } from "./menus.server";
export { listPagesForEdit, loadPageForEdit, previewMarkdown, saveContentPage } from "./page-editor.server";
export { type ContentPageSlug, getContentPage, isContentPageSlug, listContentPagesForSitemap } from "./pages.server";
export { saveWarranty } from "./warranty.server";
