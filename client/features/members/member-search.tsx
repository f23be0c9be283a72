import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link';
import { formatDate } from '../../lib/dates';
import { MEMBER_LIMITS } from '../../../shared/schemas/members';
import { FailurePanel } from '../../components/failure-panel';
import { TextField } from '../../components/form/text-field';
import { PageLoader } from '../../components/page-loader';
import { RevealMoreList } from '../../components/reveal-more-list';
import { heAdmin } from '../../i18n/he-admin';
import { type Member, useMemberSearch } from './api/members';
import { MemberBadges } from './member-badges';
import { textDirection } from '../../lib/text-direction';
import '../../components/admin-screens.css';

/**
 * Finding a member by name or email: the query lives in the address (`?q=`), so going back from a
 * member returns to the same list. 7 at first and 7 more per click, as every list (docs/product.md §2).
 */
export function MemberSearch() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const search = useMemberSearch(query);
  const members = search.data?.pages.flatMap((page) => page.users) ?? [];

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {}, { replace: true });
  };

  return (
    <div className="members">
      <search>
        <form className="members-search" onSubmit={handleSubmit}>
          <TextField
            label={heAdmin.members.search}
            error={null}
            type="search"
            dir={textDirection(text)}
            maxLength={MEMBER_LIMITS.queryMaxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            {heAdmin.members.searchButton}
          </button>
        </form>
      </search>
      {search.isPending ? <PageLoader /> : null}
      {search.isError && members.length === 0 ? <FailurePanel onRetry={() => search.refetch()} /> : null}
      {search.isSuccess && members.length === 0 ? <p>{heAdmin.members.none}</p> : null}
      {members.length > 0 ? (
        <RevealMoreList
          key={query}
          items={members}
          source={search}
          label={heAdmin.members.results}
          moreLabel={heAdmin.members.more}
          className="members-results"
          listClassName="members-list"
        >
          {(member) => <MemberRow member={member} />}
        </RevealMoreList>
      ) : null}
    </div>
  );
}

function MemberRow({ member }: { member: Member }) {
  return (
    <AppLink className="member-row" to={`/admin/members/${member.id}`}>
      <span className="member-row__name" dir="auto">
        {member.username}
      </span>
      <span className="member-row__email" dir="ltr">
        {member.email}
      </span>
      <span className="member-row__meta">
        {heAdmin.members.joined} {formatDate(member.joinedAt)} · {heAdmin.members.messages} {member.messages}
      </span>
      <MemberBadges member={member} />
    </AppLink>
  );
}
