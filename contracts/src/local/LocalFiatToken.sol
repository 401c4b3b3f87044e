// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Mainnet USDC reverts with these exact reason strings (not custom errors), and the web app maps them
// to messages a user understands; a local stand-in that reverted differently would hide that path.
// solhint-disable gas-custom-errors, gas-small-strings

import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @title LocalFiatToken
/// @notice Local-chain stand-in for USDC on Ethereum (Circle's FiatTokenV2_2), written from its
/// public behaviour: used behind a proxy (`LocalTokenProxy`), 6 decimals, roles (owner, pauser,
/// blacklister, master minter, minters with allowances), a blacklist that stops an address from
/// sending, receiving, minting and burning, a pause that stops all of them and every allowance
/// change, and EIP-2612 permit under the EIP-712 domain {name, version "2", chainId,
/// verifyingContract = the proxy}. Like FiatTokenV2_2, `approve`, `permit`, `increaseAllowance` and
/// `decreaseAllowance` check only the pause, not the blacklist: an allowance to or from a frozen
/// address can be set, and the blacklist stops the transfer that would use it. (Checking the
/// blacklist there, as earlier FiatToken versions did, reads the holder's and the spender's balance
/// words: about 4,600 gas more per approve, and a permit that warms slots the real token leaves cold.)
/// @dev Deliberately has NO `eip712Domain()` (EIP-5267), like mainnet USDC: the app must take the
/// permit domain from its config. Storage layout is this contract's own (not Circle's); only the
/// external behaviour matters locally. The blacklist flag lives in the top bit of the balance word,
/// as in FiatTokenV2_2, so a transfer costs about what it costs on mainnet. No EIP-3009 and no
/// rescue functions: nothing in the app uses them.
contract LocalFiatToken {
    /// @dev keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")
    bytes32 private constant _DOMAIN_TYPEHASH =
        0x8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f;
    /// @notice EIP-2612 type hash:
    /// keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)")
    bytes32 public constant PERMIT_TYPEHASH =
        0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9;
    /// @dev The top bit of a balance word marks the account as blacklisted.
    uint256 private constant _BLACKLIST_FLAG = 1 << 255;
    /// @dev Balances must fit below the flag bit.
    uint256 private constant _MAX_BALANCE = _BLACKLIST_FLAG - 1;

    /// @notice Token name ("USD Coin"); also the EIP-712 domain name.
    string public name;
    /// @notice Token symbol ("USDC").
    string public symbol;
    /// @notice Currency the token tracks ("USD").
    string public currency;
    /// @notice Decimals (6 for USDC on Ethereum).
    uint8 public decimals;
    /// @notice Whether transfers, approvals, permits, mints and burns are stopped.
    bool public paused;
    /// @dev Set once by `initialize` (through the proxy); the implementation locks itself.
    bool private _initialized;

    /// @notice Can change every other role and hand itself over.
    address public owner;
    /// @notice Can pause and unpause.
    address public pauser;
    /// @notice Can blacklist and un-blacklist addresses.
    address public blacklister;
    /// @notice Can add and remove minters and set their allowances.
    address public masterMinter;

    uint256 private _totalSupply;
    mapping(address account => uint256) private _balanceAndBlacklist;
    mapping(address holder => mapping(address spender => uint256)) private _allowed;
    mapping(address minter => bool) private _minters;
    mapping(address minter => uint256) private _minterAllowed;
    /// @notice EIP-2612 nonce of each owner.
    mapping(address owner => uint256) public nonces;

    /// @notice ERC-20 transfer (also mint from / burn to the zero address).
    /// @param from The sender (zero for a mint).
    /// @param to The receiver (zero for a burn).
    /// @param value The amount.
    event Transfer(address indexed from, address indexed to, uint256 value);
    /// @notice ERC-20 approval (also set by permit).
    /// @param owner The holder.
    /// @param spender The spender.
    /// @param value The allowance.
    event Approval(address indexed owner, address indexed spender, uint256 value);
    /// @notice A minter created `amount` for `to`.
    /// @param minter The minter.
    /// @param to The receiver.
    /// @param amount The amount.
    event Mint(address indexed minter, address indexed to, uint256 amount);
    /// @notice A minter destroyed `amount` of its own balance.
    /// @param burner The minter that burned.
    /// @param amount The amount.
    event Burn(address indexed burner, uint256 amount);
    /// @notice The master minter (re)configured a minter.
    /// @param minter The minter.
    /// @param minterAllowedAmount What it may mint.
    event MinterConfigured(address indexed minter, uint256 minterAllowedAmount);
    /// @notice The master minter removed a minter.
    /// @param oldMinter The removed minter.
    event MinterRemoved(address indexed oldMinter);
    /// @notice The owner changed the master minter.
    /// @param newMasterMinter The new master minter.
    event MasterMinterChanged(address indexed newMasterMinter);
    /// @notice The blacklister froze an address.
    /// @param account The frozen address.
    event Blacklisted(address indexed account);
    /// @notice The blacklister unfroze an address.
    /// @param account The unfrozen address.
    event UnBlacklisted(address indexed account);
    /// @notice The owner changed the blacklister.
    /// @param newBlacklister The new blacklister.
    event BlacklisterChanged(address indexed newBlacklister);
    /// @notice The pauser paused the token.
    event Pause();
    /// @notice The pauser unpaused the token.
    event Unpause();
    /// @notice The owner changed the pauser.
    /// @param newAddress The new pauser.
    event PauserChanged(address indexed newAddress);
    /// @notice The owner handed over ownership.
    /// @param previousOwner The old owner.
    /// @param newOwner The new owner.
    event OwnershipTransferred(address previousOwner, address newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    modifier whenNotPaused() {
        require(!paused, "Pausable: paused");
        _;
    }

    modifier notBlacklisted(address account) {
        require(!_isBlacklisted(account), "Blacklistable: account is blacklisted");
        _;
    }

    modifier onlyMinters() {
        require(_minters[msg.sender], "FiatToken: caller is not a minter");
        _;
    }

    /// @notice Locks the implementation itself; only the proxy's storage is ever initialized.
    constructor() {
        _initialized = true;
    }

    /// @notice Sets the token's metadata and roles, once, through the proxy.
    /// @param tokenName Name and EIP-712 domain name ("USD Coin").
    /// @param tokenSymbol Symbol ("USDC").
    /// @param tokenCurrency Currency ("USD").
    /// @param tokenDecimals Decimals (6).
    /// @param newMasterMinter The master minter.
    /// @param newPauser The pauser.
    /// @param newBlacklister The blacklister.
    /// @param newOwner The owner.
    function initialize(
        string memory tokenName,
        string memory tokenSymbol,
        string memory tokenCurrency,
        uint8 tokenDecimals,
        address newMasterMinter,
        address newPauser,
        address newBlacklister,
        address newOwner
    ) external {
        require(!_initialized, "FiatToken: contract is already initialized");
        require(newMasterMinter != address(0), "FiatToken: new masterMinter is the zero address");
        require(newPauser != address(0), "FiatToken: new pauser is the zero address");
        require(newBlacklister != address(0), "FiatToken: new blacklister is the zero address");
        require(newOwner != address(0), "FiatToken: new owner is the zero address");
        name = tokenName;
        symbol = tokenSymbol;
        currency = tokenCurrency;
        decimals = tokenDecimals;
        masterMinter = newMasterMinter;
        pauser = newPauser;
        blacklister = newBlacklister;
        owner = newOwner;
        _initialized = true;
    }

    /// @notice The version of the token; the EIP-712 domain's version.
    /// @return Always "2", as on mainnet.
    function version() external pure returns (string memory) {
        return "2";
    }

    // ---------------------------------------------------------------------------------------------
    // ERC-20
    // ---------------------------------------------------------------------------------------------

    /// @notice Total amount in circulation.
    /// @return The total supply in base units.
    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    /// @notice Balance of `account` (the blacklist flag is not part of it).
    /// @param account The holder.
    /// @return The balance in base units.
    function balanceOf(address account) external view returns (uint256) {
        return _balanceAndBlacklist[account] & _MAX_BALANCE;
    }

    /// @notice How much `spender` may still move from `holder`.
    /// @param holder The holder.
    /// @param spender The spender.
    /// @return The remaining allowance.
    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowed[holder][spender];
    }

    /// @notice Sets the allowance of `spender` to `value` (only the pause stops it, as in FiatTokenV2_2).
    /// @param spender The spender.
    /// @param value The allowance.
    /// @return Always true (it reverts otherwise).
    function approve(address spender, uint256 value) external whenNotPaused returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    /// @notice Raises the allowance of `spender` by `increment`.
    /// @param spender The spender.
    /// @param increment The amount to add.
    /// @return Always true.
    function increaseAllowance(address spender, uint256 increment) external whenNotPaused returns (bool) {
        _approve(msg.sender, spender, _allowed[msg.sender][spender] + increment);
        return true;
    }

    /// @notice Lowers the allowance of `spender` by `decrement`.
    /// @param spender The spender.
    /// @param decrement The amount to subtract.
    /// @return Always true.
    function decreaseAllowance(address spender, uint256 decrement) external whenNotPaused returns (bool) {
        uint256 current = _allowed[msg.sender][spender];
        require(decrement <= current, "ERC20: decreased allowance below zero");
        _approve(msg.sender, spender, current - decrement);
        return true;
    }

    /// @notice Sends `value` to `to`.
    /// @param to The receiver.
    /// @param value The amount.
    /// @return Always true.
    function transfer(address to, uint256 value)
        external
        whenNotPaused
        notBlacklisted(msg.sender)
        notBlacklisted(to)
        returns (bool)
    {
        _transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Moves `value` from `from` to `to` using the caller's allowance. The caller, the sender
    /// and the receiver must all be free of the blacklist (so a frozen Staking contract can neither pull
    /// a stake nor pay anything out).
    /// @param from The holder.
    /// @param to The receiver.
    /// @param value The amount.
    /// @return Always true.
    function transferFrom(address from, address to, uint256 value)
        external
        whenNotPaused
        notBlacklisted(msg.sender)
        notBlacklisted(from)
        notBlacklisted(to)
        returns (bool)
    {
        uint256 allowed = _allowed[from][msg.sender];
        require(value <= allowed, "ERC20: transfer amount exceeds allowance");
        _transfer(from, to, value);
        _allowed[from][msg.sender] = allowed - value;
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // EIP-2612 permit (EIP-712 domain version "2")
    // ---------------------------------------------------------------------------------------------

    /// @notice The EIP-712 domain separator, computed for the current chain id and this proxy.
    /// @return keccak256 of the domain {name, "2", chainId, address(this)}.
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparator();
    }

    /// @notice EIP-2612: sets `spender`'s allowance over `holder`'s tokens by `holder`'s signature.
    /// @param holder The token holder who signed.
    /// @param spender The spender.
    /// @param value The allowance.
    /// @param deadline Last second the signature is valid.
    /// @param v Signature v.
    /// @param r Signature r.
    /// @param s Signature s.
    function permit(
        address holder,
        address spender,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _permit(holder, spender, value, deadline, abi.encodePacked(r, s, v));
    }

    /// @notice EIP-2612 with a packed signature, which also accepts ERC-1271 contract wallets.
    /// @param holder The token holder who signed (an EOA or an ERC-1271 wallet).
    /// @param spender The spender.
    /// @param value The allowance.
    /// @param deadline Last second the signature is valid.
    /// @param signature The signature bytes.
    function permit(address holder, address spender, uint256 value, uint256 deadline, bytes memory signature)
        external
    {
        _permit(holder, spender, value, deadline, signature);
    }

    // ---------------------------------------------------------------------------------------------
    // minting
    // ---------------------------------------------------------------------------------------------

    /// @notice Creates `amount` for `to`, within the caller's minter allowance.
    /// @param to The receiver.
    /// @param amount The amount.
    /// @return Always true.
    function mint(address to, uint256 amount)
        external
        whenNotPaused
        onlyMinters
        notBlacklisted(msg.sender)
        notBlacklisted(to)
        returns (bool)
    {
        require(to != address(0), "FiatToken: mint to the zero address");
        require(amount > 0, "FiatToken: mint amount not greater than 0");
        uint256 mintingAllowedAmount = _minterAllowed[msg.sender];
        require(amount <= mintingAllowedAmount, "FiatToken: mint amount exceeds minterAllowance");
        _totalSupply += amount;
        uint256 balance = (_balanceAndBlacklist[to] & _MAX_BALANCE) + amount;
        require(balance <= _MAX_BALANCE, "FiatToken: balance exceeds (2^255 - 1)");
        _balanceAndBlacklist[to] = balance;
        _minterAllowed[msg.sender] = mintingAllowedAmount - amount;
        emit Mint(msg.sender, to, amount);
        emit Transfer(address(0), to, amount);
        return true;
    }

    /// @notice Destroys `amount` of the calling minter's own balance.
    /// @param amount The amount.
    function burn(uint256 amount) external whenNotPaused onlyMinters notBlacklisted(msg.sender) {
        uint256 balance = _balanceAndBlacklist[msg.sender] & _MAX_BALANCE;
        require(amount > 0, "FiatToken: burn amount not greater than 0");
        require(balance >= amount, "FiatToken: burn amount exceeds balance");
        _totalSupply -= amount;
        _balanceAndBlacklist[msg.sender] = balance - amount;
        emit Burn(msg.sender, amount);
        emit Transfer(msg.sender, address(0), amount);
    }

    /// @notice Whether `account` may mint.
    /// @param account The address.
    /// @return True for a configured minter.
    function isMinter(address account) external view returns (bool) {
        return _minters[account];
    }

    /// @notice What `minter` may still mint.
    /// @param minter The minter.
    /// @return The remaining allowance.
    function minterAllowance(address minter) external view returns (uint256) {
        return _minterAllowed[minter];
    }

    /// @notice Adds or updates a minter with an allowance. Master minter only.
    /// @param minter The minter.
    /// @param minterAllowedAmount What it may mint.
    /// @return Always true.
    function configureMinter(address minter, uint256 minterAllowedAmount)
        external
        whenNotPaused
        returns (bool)
    {
        require(msg.sender == masterMinter, "FiatToken: caller is not the masterMinter");
        _minters[minter] = true;
        _minterAllowed[minter] = minterAllowedAmount;
        emit MinterConfigured(minter, minterAllowedAmount);
        return true;
    }

    /// @notice Removes a minter. Master minter only.
    /// @param minter The minter.
    /// @return Always true.
    function removeMinter(address minter) external returns (bool) {
        require(msg.sender == masterMinter, "FiatToken: caller is not the masterMinter");
        _minters[minter] = false;
        _minterAllowed[minter] = 0;
        emit MinterRemoved(minter);
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // blacklist, pause, roles
    // ---------------------------------------------------------------------------------------------

    /// @notice Whether `account` is frozen.
    /// @param account The address.
    /// @return True when blacklisted.
    function isBlacklisted(address account) external view returns (bool) {
        return _isBlacklisted(account);
    }

    /// @notice Freezes `account`: it can no longer send or receive (an allowance it gives or gets can
    /// still be set, but not used). Blacklister only.
    /// @param account The address.
    function blacklist(address account) external {
        require(msg.sender == blacklister, "Blacklistable: caller is not the blacklister");
        _balanceAndBlacklist[account] |= _BLACKLIST_FLAG;
        emit Blacklisted(account);
    }

    /// @notice Unfreezes `account`. Blacklister only.
    /// @param account The address.
    function unBlacklist(address account) external {
        require(msg.sender == blacklister, "Blacklistable: caller is not the blacklister");
        _balanceAndBlacklist[account] &= _MAX_BALANCE;
        emit UnBlacklisted(account);
    }

    /// @notice Stops transfers, approvals, allowance changes, permits, mints and burns. Pauser only.
    function pause() external {
        require(msg.sender == pauser, "Pausable: caller is not the pauser");
        paused = true;
        emit Pause();
    }

    /// @notice Lifts the pause. Pauser only.
    function unpause() external {
        require(msg.sender == pauser, "Pausable: caller is not the pauser");
        paused = false;
        emit Unpause();
    }

    /// @notice Hands ownership to `newOwner`. Owner only.
    /// @param newOwner The new owner.
    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    /// @notice Changes the pauser. Owner only.
    /// @param newPauser The new pauser.
    function updatePauser(address newPauser) external onlyOwner {
        require(newPauser != address(0), "Pausable: new pauser is the zero address");
        pauser = newPauser;
        emit PauserChanged(newPauser);
    }

    /// @notice Changes the blacklister. Owner only.
    /// @param newBlacklister The new blacklister.
    function updateBlacklister(address newBlacklister) external onlyOwner {
        require(newBlacklister != address(0), "Blacklistable: new blacklister is the zero address");
        blacklister = newBlacklister;
        emit BlacklisterChanged(newBlacklister);
    }

    /// @notice Changes the master minter. Owner only.
    /// @param newMasterMinter The new master minter.
    function updateMasterMinter(address newMasterMinter) external onlyOwner {
        require(newMasterMinter != address(0), "FiatToken: new masterMinter is the zero address");
        masterMinter = newMasterMinter;
        emit MasterMinterChanged(newMasterMinter);
    }

    // ---------------------------------------------------------------------------------------------
    // internals
    // ---------------------------------------------------------------------------------------------

    function _isBlacklisted(address account) private view returns (bool) {
        return _balanceAndBlacklist[account] & _BLACKLIST_FLAG != 0;
    }

    function _domainSeparator() private view returns (bytes32) {
        return keccak256(
            abi.encode(_DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256("2"), block.chainid, address(this))
        );
    }

    function _permit(address holder, address spender, uint256 value, uint256 deadline, bytes memory signature)
        private
        whenNotPaused
    {
        require(deadline >= block.timestamp, "FiatTokenV2: permit is expired");
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, holder, spender, value, nonces[holder]++, deadline));
        bytes32 digest = MessageHashUtils.toTypedDataHash(_domainSeparator(), structHash);
        require(SignatureChecker.isValidSignatureNow(holder, digest, signature), "EIP2612: invalid signature");
        _approve(holder, spender, value);
    }

    function _approve(address holder, address spender, uint256 value) private {
        require(holder != address(0), "ERC20: approve from the zero address");
        require(spender != address(0), "ERC20: approve to the zero address");
        _allowed[holder][spender] = value;
        emit Approval(holder, spender, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(from != address(0), "ERC20: transfer from the zero address");
        require(to != address(0), "ERC20: transfer to the zero address");
        // Neither side is blacklisted here (the callers checked), so the words hold plain balances.
        uint256 fromBalance = _balanceAndBlacklist[from];
        require(value <= fromBalance, "ERC20: transfer amount exceeds balance");
        _balanceAndBlacklist[from] = fromBalance - value;
        _balanceAndBlacklist[to] += value;
        emit Transfer(from, to, value);
    }
}
