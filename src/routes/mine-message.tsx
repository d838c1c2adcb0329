/** The inbox (/mine/message): 回复我的, @我的, 收到的赞, 系统通知. */
export default function MineMessageScreen() {
  return <div className="member-list-page" />;
}
