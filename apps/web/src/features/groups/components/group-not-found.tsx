import { SearchX } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { Card, cardTitleClass } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";

/**
 * A group the viewer cannot see: it does not exist, was deleted, or they are not
 * (or no longer) a member. The server says the same 404 for all, on purpose.
 */
export function GroupNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <PageTitle screen="Group Not Found" />
      <IconBadge className="mx-auto">
        <SearchX className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>This group does not exist.</h1>
      <p className="mt-2 text-fg-muted">
        It may have been deleted, or you are not a member. To join a group, open the invite link a
        member sent you.
      </p>
      <Link to={paths.home} className={buttonClass("secondary", "mt-6")}>
        Back to Home
      </Link>
    </Card>
  );
}
